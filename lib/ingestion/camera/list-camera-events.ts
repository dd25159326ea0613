import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { cameraEvents, type Dataset } from "@/db/schema";

/** A company's camera snapshots and videos, newest capture first, optionally of one vehicle (dashboard gallery). */
export const listCameraEvents = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  limit = 100,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  vehicleId?: number;
  limit?: number;
}) => {
  const conditions: (SQL | undefined)[] = [
    eq(cameraEvents.companyId, companyId),
    eq(cameraEvents.dataset, dataset),
    vehicleId === undefined ? undefined : eq(cameraEvents.vehicleId, vehicleId),
  ];
  return db
    .select()
    .from(cameraEvents)
    .where(and(...conditions))
    .orderBy(desc(cameraEvents.capturedAt), desc(cameraEvents.id))
    .limit(limit);
};
