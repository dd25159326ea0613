import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, vehiclePositions, vehicles, vehicleState, wasteJobs, type Dataset } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { WasteJob } from "./find-waste-jobs";
import { wasteJobColumns } from "./waste-job-columns";

export type WasteJobDetail = WasteJob & {
  latitude: number | null;
  longitude: number | null;
  updatedAt: Date;
  /** The assigned vehicle's latest reported position, if it has one. */
  vehiclePosition: { latitude: number; longitude: number; time: Date; speed: number | null; heading: number | null } | null;
  /** For a completed job: when, and where its vehicle was then (null where no position was reported around that time). */
  completion: { time: Date; position: { latitude: number; longitude: number } | null } | null;
};

/** How far before the completion a reported position still says where the vehicle was. */
const COMPLETION_POSITION_WINDOW_MS = 30 * 60 * 1000;

type CompletionQuery = { db: Executor; companyId: number; dataset: Dataset; vehicleId: number | null; time: Date };

/** The vehicle's last reported position at or shortly before `time`. */
const positionAt = async ({ db, companyId, dataset, vehicleId, time }: CompletionQuery) => {
  if (vehicleId === null) return null;
  const [point] = await db
    .select({ latitude: vehiclePositions.latitude, longitude: vehiclePositions.longitude })
    .from(vehiclePositions)
    .where(
      and(
        eq(vehiclePositions.companyId, companyId),
        eq(vehiclePositions.dataset, dataset),
        eq(vehiclePositions.vehicleId, vehicleId),
        lte(vehiclePositions.time, time),
        gte(vehiclePositions.time, new Date(time.getTime() - COMPLETION_POSITION_WINDOW_MS)),
      ),
    )
    .orderBy(desc(vehiclePositions.time))
    .limit(1);
  return point ?? null;
};

/**
 * One of the company's waste jobs with its pick-up point, its vehicle's latest position and, once
 * completed, when and where that happened; 404 otherwise.
 */
export const getWasteJob = async ({
  db,
  companyId,
  dataset,
  jobId,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  jobId: number;
}): Promise<WasteJobDetail> => {
  const [row] = await db
    .select({
      ...wasteJobColumns,
      latitude: wasteJobs.latitude,
      longitude: wasteJobs.longitude,
      updatedAt: wasteJobs.updatedAt,
      completedAt: wasteJobs.completedAt,
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
  const { stateLatitude, stateLongitude, stateTime, stateSpeed, stateHeading, completedAt, ...job } = row;
  const completion =
    job.status === "Completed" && completedAt
      ? { time: completedAt, position: await positionAt({ db, companyId, dataset, vehicleId: job.assignedToAssetId, time: completedAt }) }
      : null;
  return {
    ...job,
    completion,
    vehiclePosition:
      stateLatitude !== null && stateLongitude !== null && stateTime !== null
        ? { latitude: stateLatitude, longitude: stateLongitude, time: stateTime, speed: stateSpeed, heading: stateHeading }
        : null,
  };
};
