import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, vehicles, vehicleState, wasteJobs, type Dataset } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { WasteJob } from "./find-waste-jobs";
import { wasteJobColumns } from "./waste-job-columns";

export type WasteJobDetail = WasteJob & {
  latitude: number | null;
  longitude: number | null;
  updatedAt: Date;
  /** The assigned vehicle's latest reported position, if it has one. */
  vehiclePosition: { latitude: number; longitude: number; time: Date; speed: number | null; heading: number | null } | null;
};

/** One of the company's waste jobs with its pick-up point and its vehicle's latest position; 404 otherwise. */
export const getWasteJob = async ({ db, companyId, dataset, jobId }: { db: Executor; companyId: number; dataset: Dataset; jobId: number }): Promise<WasteJobDetail> => {
  const [row] = await db
    .select({
      ...wasteJobColumns,
      latitude: wasteJobs.latitude,
      longitude: wasteJobs.longitude,
      updatedAt: wasteJobs.updatedAt,
      stateLatitude: vehicleState.latitude,
      stateLongitude: vehicleState.longitude,
      stateTime: vehicleState.locationTime,
      stateSpeed: vehicleState.speed,
      stateHeading: vehicleState.heading,
    })
    .from(wasteJobs)
    // The joins repeat the tenant so a stray id can never pull another company's vehicle or driver.
    .leftJoin(vehicles, and(eq(vehicles.id, wasteJobs.assignedToAssetId), eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset)))
    .leftJoin(vehicleState, and(eq(vehicleState.companyId, companyId), eq(vehicleState.vehicleId, vehicles.id)))
    .leftJoin(drivers, and(eq(drivers.id, wasteJobs.assignedToDriverId), eq(drivers.companyId, companyId), eq(drivers.dataset, dataset)))
    .where(and(eq(wasteJobs.companyId, companyId), eq(wasteJobs.dataset, dataset), eq(wasteJobs.id, jobId)));
  if (!row) throw new AppError("not_found", `No waste job with id ${jobId}.`);
  const { stateLatitude, stateLongitude, stateTime, stateSpeed, stateHeading, ...job } = row;
  return {
    ...job,
    vehiclePosition:
      stateLatitude !== null && stateLongitude !== null && stateTime !== null
        ? { latitude: stateLatitude, longitude: stateLongitude, time: stateTime, speed: stateSpeed, heading: stateHeading }
        : null,
  };
};
