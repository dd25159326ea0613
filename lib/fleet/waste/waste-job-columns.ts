import { drivers, vehicles, wasteJobs } from "@/db/schema";

/**
 * The columns of a waste job as section 2.7 names them. Callers join `vehicles` and `drivers`
 * (repeating the tenant in the join) for the assignment names.
 */
export const wasteJobColumns = {
  jobId: wasteJobs.id,
  companyId: wasteJobs.companyId,
  scheduledDate: wasteJobs.scheduledDate,
  serviceType: wasteJobs.serviceType,
  status: wasteJobs.status,
  pickUpClientName: wasteJobs.pickUpClientName,
  pickUpAddress: wasteJobs.pickUpAddress,
  assignedToAssetId: wasteJobs.assignedToAssetId,
  assignedToAssetName: vehicles.name,
  assignedToDriverName: drivers.name,
  tonnage: wasteJobs.tonnage,
  utcCreated: wasteJobs.utcCreated,
};
