import type { WasteJob } from "@/lib/fleet/waste/find-waste-jobs";

/** A waste job as v1 sends it (2.7, fields in the contract's order); `short` leaves out the client, address and assignment names. */
export const toLegacyWasteJob = (job: WasteJob, { short = false }: { short?: boolean } = {}) => {
  const record = {
    jobId: job.jobId,
    companyId: job.companyId,
    scheduledDate: job.scheduledDate.toISOString(),
    serviceType: job.serviceType,
    status: job.status,
    pickUpClientName: job.pickUpClientName,
    pickUpAddress: job.pickUpAddress,
    assignedToAssetId: job.assignedToAssetId,
    assignedToAssetName: job.assignedToAssetName,
    assignedToDriverName: job.assignedToDriverName,
    tonnage: job.tonnage,
    utcCreated: job.utcCreated.toISOString(),
  };
  if (!short) return record;
  const { pickUpClientName, pickUpAddress, assignedToAssetName, assignedToDriverName, ...light } = record;
  return light;
};
