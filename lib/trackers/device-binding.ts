import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicles, type TrackerProtocol } from "@/db/schema";
import type { TelemetryTenant } from "@/lib/telemetry";
import { forgetUnclaimedDevice, recordUnclaimedDevice } from "./unclaimed-devices";

export type BoundVehicle = TelemetryTenant & { vehicleId: number };

/**
 * The vehicle a tracker reports for: the one whose device id is the tracker's IMEI (as OsmAnd
 * binds phones). Looked up on every connection, so a device registered a moment ago is accepted
 * when it reconnects.
 */
export const findTrackerVehicle = async ({ db, imei }: { db: Executor; imei: string }): Promise<BoundVehicle | null> => {
  const [vehicle] = await db
    .select({ vehicleId: vehicles.id, companyId: vehicles.companyId, dataset: vehicles.dataset })
    .from(vehicles)
    .where(eq(vehicles.deviceId, imei));
  return vehicle ?? null;
};

/**
 * Binds a connecting tracker to its vehicle; an IMEI no vehicle carries is recorded as unclaimed
 * (and null returned: the caller refuses the device, which keeps its data and retries).
 */
export const bindTracker = async ({ db, imei, protocol, remoteAddress }: { db: Executor; imei: string; protocol: TrackerProtocol; remoteAddress: string }) => {
  const vehicle = await findTrackerVehicle({ db, imei });
  if (vehicle) await forgetUnclaimedDevice({ db, identifier: imei, protocol });
  else await recordUnclaimedDevice({ db, identifier: imei, protocol, remoteAddress });
  return vehicle;
};
