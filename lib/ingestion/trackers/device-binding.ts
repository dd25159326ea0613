import type { TrackerProtocol } from "@/db/schema";
import type { DeviceVehicle } from "@/lib/fleet/devices/device-bindings";
import { recordUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import type { TrackerContext } from "./tracker-session";

/** The vehicle a connected tracker reports for. */
export type BoundVehicle = DeviceVehicle;

/** A connected tracker bound to its vehicle: the vehicle, and the device as it named itself. */
export type BoundDevice = BoundVehicle & { identifier: string; protocol: TrackerProtocol };

/**
 * Binds a connecting tracker to its vehicle, or returns null: the caller refuses the device, which
 * keeps its data and retries. An IMEI registered nowhere is recorded as unclaimed; a registered device
 * bound to no vehicle is refused without that (its company knows it).
 */
export const bindTracker = async ({
  context,
  imei,
  protocol,
  remoteAddress,
}: {
  context: Pick<TrackerContext, "db" | "findDevice">;
  imei: string;
  protocol: TrackerProtocol;
  remoteAddress: string;
}): Promise<BoundDevice | null> => {
  const device = await context.findDevice(imei);
  if (!device) await recordUnclaimedDevice({ db: context.db, identifier: imei, protocol, remoteAddress });
  return device && device.vehicleId !== null ? { ...device, vehicleId: device.vehicleId, identifier: imei, protocol } : null;
};
