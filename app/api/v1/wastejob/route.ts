import { parseQuery } from "@/lib/http";
import { WASTE_JOB_LIST_KEYS, wasteJobQuerySchema } from "@/lib/legacy-api/query-schemas";
import { toLegacyWasteJob } from "@/lib/legacy-api/to-legacy-waste-job";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";
import { findWasteJobs } from "@/lib/waste/find-waste-jobs";

export const dynamic = "force-dynamic";

/** GET /api/v1/wastejob: filtered, paged waste jobs `{ jobs, count }`; needs the Waste module. */
export const GET = withLegacyApi(
  async ({ request, db, caller }) => {
    const query = parseQuery(request, wasteJobQuerySchema, WASTE_JOB_LIST_KEYS);
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
  { requiredModule: "Waste" },
);
