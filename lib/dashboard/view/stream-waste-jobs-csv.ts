import { findWasteJobs, WASTE_JOBS_MAX_LIMIT, type FindWasteJobsOptions, type WasteJob } from "@/lib/fleet/waste/find-waste-jobs";
import { isoInZone } from "@/lib/platform/zoned-time";
import { toCsvHeader, toCsvLines, type CsvColumn } from "../../platform/csv";

/** The legacy field names as headers; times in the company's zone with its offset, so they read as local time and still parse exactly. */
const wasteJobCsvColumns = (timeZone: string): CsvColumn<WasteJob>[] => [
  { header: "jobId", value: (job) => job.jobId },
  { header: "scheduledDate", value: (job) => isoInZone(job.scheduledDate, timeZone) },
  { header: "serviceType", value: (job) => job.serviceType },
  { header: "status", value: (job) => job.status },
  { header: "pickUpClientName", value: (job) => job.pickUpClientName },
  { header: "pickUpAddress", value: (job) => job.pickUpAddress },
  { header: "assignedToAssetId", value: (job) => job.assignedToAssetId },
  { header: "assignedToAssetName", value: (job) => job.assignedToAssetName },
  { header: "assignedToDriverName", value: (job) => job.assignedToDriverName },
  { header: "tonnage", value: (job) => job.tonnage },
  { header: "utcCreated", value: (job) => isoInZone(job.utcCreated, timeZone) },
];

/**
 * Every waste job matching the filters as CSV, streamed one
 * page of findWasteJobs at a time so a large export never sits in memory whole.
 */
export const streamWasteJobsCsv = ({
  timeZone,
  ...options
}: Omit<FindWasteJobsOptions, "offset" | "limit"> & { timeZone: string }): ReadableStream<Uint8Array> => {
  const columns = wasteJobCsvColumns(timeZone);
  const encoder = new TextEncoder();
  let offset = 0;
  let total: number | undefined;
  return new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(toCsvHeader(columns))),
    pull: async (controller) => {
      const { jobs, count } = await findWasteJobs({ ...options, offset, limit: WASTE_JOBS_MAX_LIMIT });
      // The first page's count bounds the export, so jobs created meanwhile cannot keep it running.
      total ??= count;
      if (jobs.length > 0) controller.enqueue(encoder.encode(toCsvLines(jobs, columns)));
      offset += jobs.length;
      if (jobs.length < WASTE_JOBS_MAX_LIMIT || offset >= total) controller.close();
    },
  });
};
