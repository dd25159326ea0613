import { findWasteJobs } from "@/lib/fleet/waste/find-waste-jobs";
import { defineLegacyEndpoint } from "../define-legacy-endpoint";
import { WASTE_JOB_LIST_KEYS, wasteJobQuerySchema } from "../query-schemas";
import { legacyWasteJobListSchema } from "../schemas";
import { toLegacyWasteJob } from "../to-legacy-waste-job";

/** Filtered, paged waste jobs `{ jobs, count }`. */
export const listWasteJobsEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/wastejob",
  summary: "Waste jobs",
  description: "Needs the Waste module (403 otherwise). `status` and `serviceType` take one value or a comma-separated list. `limit` default 50, max 500.",
  query: wasteJobQuerySchema,
  listKeys: WASTE_JOB_LIST_KEYS,
  response: legacyWasteJobListSchema,
  errors: ["bad_request", "forbidden"],
  requiredModule: "Waste",
  run: async ({ db, caller, query }) => {
    const { jobs, count } = await findWasteJobs({
      db,
      companyId: caller.companyId,
      dataset: caller.dataset,
      statuses: query.status,
      serviceTypes: query.serviceType,
      scheduledFrom: query.scheduledFrom,
      scheduledTo: query.scheduledTo,
      assignedToAssetId: query.assignedToAssetId,
      offset: query.offset,
      limit: query.limit,
    });
    return { jobs: jobs.map((job) => toLegacyWasteJob(job, { short: query.short })), count };
  },
});
