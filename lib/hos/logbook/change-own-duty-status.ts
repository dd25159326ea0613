import { and, eq, sql } from "drizzle-orm";
import { drivingDetectorStates, vehicleState } from "@/db/schema";
import type { AuditActor } from "@/lib/platform/audit";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { nearestPlaceName } from "../../platform/geo/place-names";
import { getDistanceUnit } from "../../fleet/company-units";
import { findDriverVehicle } from "./vehicle-driver";
import type { ChosenDutyStatus } from "@/lib/hos/records/chosen-duty-statuses";

/**
 * A driver's tap in the logbook: the status from now on, with the driver's vehicle and where it
 * stands (as a place name). Refused while the vehicle is in motion (the status is Driving until it
 * has stood for 5 minutes), and, as every change, within a certified day.
 */
export const changeOwnDutyStatus = async ({
  db,
  companyId,
  dataset,
  driverId,
  status,
  remark,
  actor,
  now = new Date(),
}: TenantQuery & { driverId: number; status: ChosenDutyStatus; remark: string; actor: AuditActor; now?: Date }) => {
  const assigned = await findDriverVehicle({ db, companyId, dataset, driverId, at: now });
  let location: { latitude: number; longitude: number } | null = null;
  if (assigned) {
    const [moving] = await db
      .select({ vehicleId: drivingDetectorStates.vehicleId })
      .from(drivingDetectorStates)
      .where(
        and(
          eq(drivingDetectorStates.companyId, companyId),
          eq(drivingDetectorStates.dataset, dataset),
          eq(drivingDetectorStates.driverId, driverId),
          sql`${drivingDetectorStates.motion}->'open' <> 'null'::jsonb`,
        ),
      );
    if (moving) throw new AppError("conflict", "The vehicle is moving: your status stays Driving until it has stood for 5 minutes.");
    const [state] = await db
      .select({ latitude: vehicleState.latitude, longitude: vehicleState.longitude })
      .from(vehicleState)
      .where(and(eq(vehicleState.companyId, companyId), eq(vehicleState.dataset, dataset), eq(vehicleState.vehicleId, assigned.vehicleId)));
    if (state?.latitude != null && state.longitude != null) location = { latitude: state.latitude, longitude: state.longitude };
  }
  const locationName = location ? ((await nearestPlaceName({ ...location, unit: await getDistanceUnit({ db, companyId }) })) ?? undefined) : undefined;
  return setDutyStatus({ db, companyId, dataset, driverId, status, remark, vehicleId: assigned?.vehicleId, location, locationName, actor, now });
};
