import type { Executor } from "@/db/client";
import { hosLogs, type DutyStatus } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { nearestPlaceName } from "../../platform/geo/place-names";
import { getDistanceUnit } from "../../fleet/company-units";
import { dutyStatusEventDrafts } from "../eld-events/duty-status-events";
import { recordEldEvents } from "../eld-events/record-eld-events";

/**
 * A log entry the ELD records by itself (origin `automatic`: Driving from motion, On Duty after the stop prompt), named
 * after the nearest town, with its ELD records (record origin automatic, 7.22).
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
}: {
  tx: Executor;
  tenant: Tenant;
  vehicleId: number;
  driverId: number;
  status: DutyStatus;
  at: Date;
  position: { latitude: number; longitude: number };
  previousStatus: DutyStatus | null;
}) => {
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
      locationName: await nearestPlaceName({ ...position, unit: await getDistanceUnit({ db: tx, companyId: tenant.companyId }) }),
      origin: "automatic",
    })
    .onConflictDoNothing()
    .returning();
  if (entry) await recordEldEvents({ db: tx, ...tenant, drafts: dutyStatusEventDrafts({ entry, previousStatus, origin: "automatic" }) });
};
