import { listCertifiedDates } from "@/lib/hos/records/certified-days";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listLogEdits } from "./log-edits";
import { listUnassignedDriving } from "./unassigned-driving";
import { findDriverVehicle } from "./vehicle-driver";
import { findOpenStopPrompt } from "./stop-prompts";

/**
 * What the driver's logbook shows: their HOS over the last 8 days, the days they certified, drives assigned to them and
 * log edits proposed to them (with the answered ones, for each day's history), their vehicle, the stop prompt waiting for
 * their answer.
 */
export const getLogbook = async ({ db, companyId, dataset, driverId, now }: TenantQuery & { driverId: number; now: Date }) => {
  const tenant = { db, companyId, dataset };
  const [hos, certifiedDates, assignments, edits, vehicle, stopPrompt] = await Promise.all([
    getDriverHos({ ...tenant, driverId, at: now, days: 8 }),
    listCertifiedDates({ ...tenant, driverId }),
    listUnassignedDriving({ ...tenant, driverId, statuses: ["assigned"] }),
    listLogEdits({ ...tenant, driverId }),
    findDriverVehicle({ ...tenant, driverId, at: now }),
    findOpenStopPrompt({ ...tenant, driverId }),
  ]);
  return { ...hos, certifiedDates: new Set(certifiedDates), assignments, edits, vehicleId: vehicle?.vehicleId ?? null, stopPrompt };
};
