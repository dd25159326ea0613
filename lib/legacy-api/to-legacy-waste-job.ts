import type { WasteJob } from "@/lib/waste/find-waste-jobs";

/** A waste job as v1 sends it (2.7); `short` leaves out the client, address and assignment names. */
export const toLegacyWasteJob = (job: WasteJob, { short = false }: { short?: boolean } = {}) => {
  const base = {
    jobId: job.jobId,
    companyId: job.companyId,
    scheduledDate: job.scheduledDate.toISOString(),
    serviceType: job.serviceType,
    status: job.status,
  };
  const tail = { assignedToAssetId: job.assignedToAssetId, tonnage: job.tonnage, utcCreated: job.utcCreated.toISOString() };
  if (short) return { ...base, ...tail };
  return {
    ...base,
    pickUpClientName: job.pickUpClientName,
    pickUpAddress: job.pickUpAddress,
    ...tail,
    assignedToAssetName: job.assignedToAssetName,
    assignedToDriverName: job.assignedToDriverName,
  };
};
