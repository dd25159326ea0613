import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { devices, vehicles } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { bindDevice, findDeviceVehicle, registerDevice } from "@/lib/fleet/devices/device-bindings";

export const testActor = operatorActor("tests");

/** The vehicle a seeded device (e.g. `demo-live-1`) is bound to. */
export const vehicleOfDevice = async ({ db, identifier }: { db: Database; identifier: string }) => {
  const [row] = await db
    .select({ vehicle: vehicles })
    .from(devices)
    .innerJoin(vehicles, and(eq(vehicles.companyId, devices.companyId), eq(vehicles.id, devices.vehicleId)))
    .where(eq(devices.identifier, identifier));
  if (!row) throw new Error(`No vehicle has device ${identifier}.`);
  return row.vehicle;
};

/** Puts device `to` (e.g. a tracker's IMEI) on the vehicle that carries seeded device `from`, as an admin would; returns the vehicle. */
export const rebindDevice = async ({ db, from, to }: { db: Database; from: string; to: string }) => {
  const vehicle = await findDeviceVehicle({ db, deviceId: from });
  if (!vehicle) throw new Error(`No vehicle has device id ${from}.`);
  const [seeded] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, vehicle.companyId), eq(devices.identifier, from)));
  await bindDevice({ db, ...vehicle, deviceRowId: seeded.id, vehicleId: null, actor: testActor });
  await registerDevice({
    db,
    companyId: vehicle.companyId,
    dataset: vehicle.dataset,
    input: { identifier: to, model: "other", vehicleId: vehicle.vehicleId },
    actor: testActor,
  });
  return { id: vehicle.vehicleId };
};
