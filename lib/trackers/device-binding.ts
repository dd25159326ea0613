import type { Executor } from "@/db/client";
import type { TrackerProtocol } from "@/db/schema";
import { findDeviceVehicle, type DeviceVehicle } from "@/lib/devices/device-bindings";
import { forgetUnclaimedDevice, recordUnclaimedDevice } from "./unclaimed-devices";

/** The vehicle a connected tracker reports for. */
export type BoundVehicle = DeviceVehicle;

/**
 * Binds a connecting tracker to its vehicle; an IMEI no vehicle carries is recorded as unclaimed
 * (and null returned: the caller refuses the device, which keeps its data and retries).
 */
export const bindTracker = async ({ db, imei, protocol, remoteAddress }: { db: Executor; imei: string; protocol: TrackerProtocol; remoteAddress: string }) => {
  const vehicle = await findDeviceVehicle({ db, deviceId: imei });
  if (vehicle) await forgetUnclaimedDevice({ db, identifier: imei, protocol });
  else await recordUnclaimedDevice({ db, identifier: imei, protocol, remoteAddress });
  return vehicle;
};
