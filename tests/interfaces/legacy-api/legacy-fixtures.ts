import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { devices, drivers, vehicles, wasteJobs } from "@/db/schema";

/** The company's live vehicles with their device and assigned driver, in id order. */
export const liveFleet = async (db: Database, companyId: number) =>
  db
    .select({ id: vehicles.id, vin: vehicles.vin, name: vehicles.name, deviceId: devices.identifier, driverId: drivers.id, driverName: drivers.name })
    .from(vehicles)
    .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
    .leftJoin(drivers, and(eq(drivers.companyId, vehicles.companyId), eq(drivers.staticAssignedVehicleId, vehicles.id)))
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, "live")))
    .orderBy(asc(vehicles.id));

type JobSeed = Partial<typeof wasteJobs.$inferInsert> & { companyId: number; scheduledDate: Date };

export const insertWasteJobs = async (db: Database, jobs: JobSeed[]) =>
  db
    .insert(wasteJobs)
    .values(
      jobs.map((job, i) => ({
        serviceType: "Collection",
        status: "Scheduled",
        pickUpClientName: `Client ${i + 1}`,
        pickUpAddress: `${100 + i} Main St, Springfield`,
        tonnage: 1.5,
        ...job,
      })),
    )
    .returning();
