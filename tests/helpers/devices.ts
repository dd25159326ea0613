import type { Database } from "@/db/client";
import { findDeviceVehicle, setVehicleDeviceId } from "@/lib/devices/device-bindings";

/** Moves a seeded vehicle's device identifier to `to` (e.g. a tracker's IMEI), as registering the device would; returns the vehicle. */
export const rebindDevice = async ({ db, from, to }: { db: Database; from: string; to: string }) => {
  const vehicle = await findDeviceVehicle({ db, deviceId: from });
  if (!vehicle) throw new Error(`No vehicle has device id ${from}.`);
  await setVehicleDeviceId({ db, ...vehicle, deviceId: to });
  return { id: vehicle.vehicleId };
};
