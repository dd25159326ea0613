import { drivers, vehicles, type Dataset, type DeviceModel } from "@/db/schema";
import { insertBoundDevices } from "@/lib/fleet/devices/device-bindings";
import type { Executor } from "@/db/client";
import { driverName, plateNumber, vehicleModel } from "./demo-fleet-names";
import { DEMO_TRACKERS } from "./demo-trackers";
import { makeVin } from "./vin";

type SeedFleetOptions = {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  count: number;
  /** Distinguishes names, plates, VINs and device ids between companies and datasets. */
  code: string;
};

/**
 * The device of a seeded vehicle: Demo Fleet's hardware trackers (lib/runtime/seed/demo-trackers) by IMEI,
 * every other vehicle an OsmAnd device id such as `demo-live-3`.
 */
const seededDevice = (code: string, dataset: Dataset, number: number): { identifier: string; model: DeviceModel } => {
  const tracker = code === "DEMO" && dataset === "live" ? DEMO_TRACKERS.find((candidate) => candidate.number === number) : undefined;
  return tracker ? { identifier: tracker.imei, model: tracker.protocol } : { identifier: `${code.toLowerCase()}-${dataset}-${number}`, model: "osmand" };
};

/** Creates `count` vehicles, each with a driver assigned to it. Returns the new ids in order. */
export const seedFleet = async ({ db, companyId, dataset, count, code }: SeedFleetOptions) => {
  const datasetNumber = dataset === "live" ? 0 : 1;
  const seedBase = companyId * 100_000 + datasetNumber * 50_000;
  const vehicleRows = Array.from({ length: count }, (_, i) => {
    const model = vehicleModel(i);
    const year = 2018 + (i % 7);
    return {
      companyId,
      dataset,
      vin: makeVin({ wmi: "1FV", seed: seedBase + i + 1, year }),
      name: `${code}-${String(i + 1).padStart(3, "0")}`,
      plateNumber: plateNumber(code.slice(0, 2), i),
      make: model.make,
      model: model.model,
      year,
      trailers: i % 4 === 3 ? `TR-${200 + i}` : "",
      typeId: model.typeId,
      typeName: model.typeName,
      subType: model.subType,
    };
  });
  const createdVehicles: { id: number }[] = [];
  // Chunks keep each statement far below PostgreSQL's bind-parameter limit at SIM_VEHICLES=10,000.
  for (let i = 0; i < vehicleRows.length; i += 1000) {
    const chunk = vehicleRows.slice(i, i + 1000);
    createdVehicles.push(...(await db.insert(vehicles).values(chunk).returning({ id: vehicles.id })));
  }
  await insertBoundDevices({
    db,
    companyId,
    dataset,
    rows: createdVehicles.map((vehicle, i) => ({ ...seededDevice(code, dataset, i + 1), vehicleId: vehicle.id })),
  });
  const driverRows = createdVehicles.map((vehicle, i) => {
    const name = driverName(i + datasetNumber * 13 + companyId * 3);
    return {
      companyId,
      dataset,
      name,
      username: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${i + 1}`,
      phone: `+1312555${String(1000 + i).slice(-4)}`,
      licenseNumber: `IL${String(seedBase + i).padStart(10, "0")}`,
      licenseState: "IL",
      hosRuleset: i % 5 === 4 ? ("us60_7" as const) : ("us70_8" as const),
      staticAssignedVehicleId: vehicle.id,
    };
  });
  const createdDrivers: { id: number }[] = [];
  for (let i = 0; i < driverRows.length; i += 1000) {
    createdDrivers.push(
      ...(await db
        .insert(drivers)
        .values(driverRows.slice(i, i + 1000))
        .returning({ id: drivers.id })),
    );
  }
  return { vehicleIds: createdVehicles.map((v) => v.id), driverIds: createdDrivers.map((d) => d.id) };
};
