import type { Executor } from "@/db/client";
import { hosLogs, type DutyStatus } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { nearestPlaceName } from "../../platform/geo/place-names";
import type { DistanceUnit } from "@/lib/platform/units";
import { dutyStatusEventDrafts } from "../eld-events/duty-status-events";
import type { EldEventDraft } from "../eld-events/record-eld-events";

/**
 * A log entry the ELD records by itself (origin `automatic`: Driving from motion, On Duty after the stop prompt), named
 * after the nearest town in the company's `unit`. Returns its ELD records (record origin automatic, 7.22) for the
 * caller to write: the automatic-driving processor writes a window's together (issue 41).
 */
export const writeAutomaticEntry = async ({
  tx,
  tenant,
  vehicleId,
  driverId,
  status,
  at,
  position,
  previousStatus,
  unit,
}: {
  tx: Executor;
  tenant: Tenant;
  vehicleId: number;
  driverId: number;
  status: DutyStatus;
  at: Date;
  position: { latitude: number; longitude: number };
  previousStatus: DutyStatus | null;
  unit: DistanceUnit;
}): Promise<EldEventDraft[]> => {
  const [entry] = await tx
    .insert(hosLogs)
    .values({
      ...tenant,
      driverId,
      vehicleId,
      status,
      startTime: at,
      latitude: position.latitude,
      longitude: position.longitude,
      locationName: await nearestPlaceName({ ...position, unit }),
      origin: "automatic",
    })
    .onConflictDoNothing()
    .returning();
  return entry ? dutyStatusEventDrafts({ entry, previousStatus, origin: "automatic" }) : [];
};
