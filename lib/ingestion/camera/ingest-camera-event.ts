import { and, desc, eq, gte, lte, or, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { cameraEvents, devices, vehiclePositions, vehicles } from "@/db/schema";

export type CameraEventInput = {
  eventId: string;
  deviceId: string;
  vin?: string;
  kind: "snapshot" | "video";
  mediaUrl: string;
  capturedAt: Date;
};

export type CameraEvent = typeof cameraEvents.$inferSelect;

// How far back a position may be to count as "where the vehicle was" at capture time.
const POSITION_LOOKBACK_MS = 60 * 60 * 1000;

/** The vehicle by VIN, else by the identifier of the device registered on it, within the company's live fleet. */
const findVehicle = async (db: Executor, companyId: number, { vin, deviceId }: CameraEventInput) => {
  const [vehicle] = await db
    .select({ id: vehicles.id, vin: vehicles.vin })
    .from(vehicles)
    .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
    .where(
      and(
        eq(vehicles.companyId, companyId),
        eq(vehicles.dataset, "live"),
        vin ? or(eq(vehicles.vin, vin), eq(devices.identifier, deviceId)) : eq(devices.identifier, deviceId),
      ),
    )
    .orderBy(vin ? sql`${vehicles.vin} = ${vin} desc` : sql`1`)
    .limit(1);
  return vehicle ?? null;
};

/** The vehicle's last position at or before `at` (within an hour), read from the day partitions that range touches. */
const findPositionAt = async (db: Executor, vehicleId: number, at: Date) => {
  const [position] = await db
    .select({ latitude: vehiclePositions.latitude, longitude: vehiclePositions.longitude })
    .from(vehiclePositions)
    .where(
      and(eq(vehiclePositions.vehicleId, vehicleId), lte(vehiclePositions.time, at), gte(vehiclePositions.time, new Date(at.getTime() - POSITION_LOOKBACK_MS))),
    )
    .orderBy(desc(vehiclePositions.time))
    .limit(1);
  return position ?? null;
};

/**
 * Stores a camera platform's media reference against the vehicle, with where it was at capture.
 * Idempotent on (company, eventId): a redelivery returns the first record and writes nothing.
 */
export const ingestCameraEvent = async ({ db, companyId, event }: { db: Database; companyId: number; event: CameraEventInput }) =>
  db.transaction(async (tx) => {
    const vehicle = await findVehicle(tx, companyId, event);
    const position = vehicle ? await findPositionAt(tx, vehicle.id, event.capturedAt) : null;
    const [inserted] = await tx
      .insert(cameraEvents)
      .values({
        companyId,
        dataset: "live",
        eventId: event.eventId,
        deviceId: event.deviceId,
        vehicleId: vehicle?.id ?? null,
        vin: vehicle?.vin ?? event.vin ?? null,
        kind: event.kind,
        mediaUrl: event.mediaUrl,
        capturedAt: event.capturedAt,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
      })
      .onConflictDoNothing({ target: [cameraEvents.companyId, cameraEvents.eventId] })
      .returning();
    if (inserted) return { event: inserted, duplicate: false };
    const [first] = await tx
      .select()
      .from(cameraEvents)
      .where(and(eq(cameraEvents.companyId, companyId), eq(cameraEvents.eventId, event.eventId)));
    return { event: first, duplicate: true };
  });
