import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows, timestampArray } from "@/db/rows";
import { safetyEvents } from "@/db/schema";
import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import type { TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { writeSafetyEvents } from "@/lib/telemetry/store/safety-events";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { CONTEXT_MS, contextIsEnough, detectHarshSpeedChanges, type SpeedChangeEvent, type SpeedPoint } from "./detect-harsh-speed-changes";

/** Enough for the context at 5 fixes a second (closer fixes make no pair). */
const CONTEXT_ROWS = 150;

/** A device event of the kind this long before the change began or after it ended is the same event: the device's, kept alone. */
export const DEVICE_EVENT_TOLERANCE_MS = 30_000;

/** Up to `limit` fixes stored in the CONTEXT_MS before each vehicle's first fix of the window, in time order. */
const readFixesBefore = async ({ db, tenant, vehicles, limit }: { db: Executor; tenant: Tenant; vehicles: readonly VehicleTelemetry[]; limit: number }) => {
  const rows = await queryRows<{ vehicle_id: number; time: string | Date; latitude: number; longitude: number; speed: number | null }>(
    db,
    sql`select u.vehicle_id, p.time, p.latitude, p.longitude, p.speed
      from unnest(${intArray(vehicles.map((vehicle) => vehicle.vehicleId))}, ${timestampArray(vehicles.map((vehicle) => vehicle.positions[0].time))})
        as u(vehicle_id, first)
      cross join lateral (select time, latitude, longitude, speed from vehicle_positions p where p.company_id = ${tenant.companyId}
        and p.dataset = ${tenant.dataset} and p.vehicle_id = u.vehicle_id and p.time < u.first
        and p.time >= u.first - ${`${CONTEXT_MS} milliseconds`}::interval order by p.time desc limit ${limit}) p`,
  );
  const fixesOf = new Map<number, SpeedPoint[]>();
  for (const row of rows) {
    const point = {
      time: new Date(row.time),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      speed: row.speed === null ? null : Number(row.speed),
    };
    const vehicleId = Number(row.vehicle_id);
    fixesOf.set(vehicleId, [point, ...(fixesOf.get(vehicleId) ?? [])]);
  }
  return fixesOf;
};

/**
 * Each vehicle's context (detect-harsh-speed-changes.ts): its last two fixes decide whether more is needed (a
 * harsh pair at the window's edge), so the CONTEXT_MS of fixes is read only for the few vehicles changing speed
 * there, not for every vehicle of every window.
 */
const readContext = async ({ db, tenant, vehicles }: { db: Executor; tenant: Tenant; vehicles: readonly VehicleTelemetry[] }) => {
  const contextOf = await readFixesBefore({ db, tenant, vehicles, limit: 2 });
  const longer = vehicles.filter((vehicle) => !contextIsEnough(contextOf.get(vehicle.vehicleId) ?? [], vehicle.positions[0]));
  if (longer.length > 0)
    for (const [vehicleId, fixes] of await readFixesBefore({ db, tenant, vehicles: longer, limit: CONTEXT_ROWS })) contextOf.set(vehicleId, fixes);
  return contextOf;
};

export type ComputedHarshEvent = SpeedChangeEvent & { vehicleId: number };

/** The found changes a device event of the same kind, vehicle and time (with the tolerance) does not already tell. */
const withoutDeviceEvents = async ({ db, tenant, found }: { db: Executor; tenant: Tenant; found: readonly ComputedHarshEvent[] }) => {
  const starts = found.map((event) => event.start.time.getTime());
  const ends = found.map((event) => event.end.time.getTime());
  const reported = await db
    .select({ vehicleId: safetyEvents.vehicleId, time: safetyEvents.time, kind: safetyEvents.kind })
    .from(safetyEvents)
    .where(
      and(
        whereTenant(safetyEvents, tenant),
        eq(safetyEvents.source, "device"),
        inArray(safetyEvents.vehicleId, [...new Set(found.map((event) => event.vehicleId))]),
        gte(safetyEvents.time, new Date(Math.min(...starts) - DEVICE_EVENT_TOLERANCE_MS)),
        lte(safetyEvents.time, new Date(Math.max(...ends) + DEVICE_EVENT_TOLERANCE_MS)),
      ),
    );
  return found.filter(
    (event) =>
      !reported.some(
        (device) =>
          device.vehicleId === event.vehicleId &&
          device.kind === event.kind &&
          device.time.getTime() >= event.start.time.getTime() - DEVICE_EVENT_TOLERANCE_MS &&
          device.time.getTime() <= event.end.time.getTime() + DEVICE_EVENT_TOLERANCE_MS,
      ),
  );
};

/**
 * Harsh braking and acceleration computed from the speeds of consecutive fixes (detect-harsh-speed-changes.ts) that
 * the window's fixes complete, for the changes no device event of the vehicle tells. Deterministic from what is
 * stored: the harsh-events processor stores them, the alerts processor alerts them.
 */
export const findComputedHarshEvents = async ({ db, tenant, vehicles }: { db: Executor; tenant: Tenant; vehicles: readonly VehicleTelemetry[] }) => {
  const moving = vehicles.filter((vehicle) => vehicle.positions.length > 0);
  if (moving.length === 0) return [];
  const contextOf = await readContext({ db, tenant, vehicles: moving });
  const found: ComputedHarshEvent[] = moving.flatMap((vehicle) =>
    detectHarshSpeedChanges({ context: contextOf.get(vehicle.vehicleId) ?? [], points: vehicle.positions }).map((event) => ({
      ...event,
      vehicleId: vehicle.vehicleId,
    })),
  );
  return found.length === 0 ? [] : withoutDeviceEvents({ db, tenant, found });
};

/**
 * Stores the computed harsh events as `computed` safety events in the window's transaction. Reprocessing a window
 * finds the same events at the same times, which the table's key stores once.
 */
export const computeHarshEvents = async ({ tx, tenant, vehicles }: { tx: Executor; tenant: Tenant; vehicles: VehicleTelemetry[] }) => {
  const kept = await findComputedHarshEvents({ db: tx, tenant, vehicles });
  if (kept.length === 0) return;
  await writeSafetyEvents({
    db: tx,
    tenant,
    now: new Date(),
    events: kept.map(({ vehicleId, kind, start, peakG }) => ({
      ...tenant,
      vehicleId,
      time: start.time,
      kind,
      source: "computed",
      peakG,
      latitude: start.latitude,
      longitude: start.longitude,
      speed: start.speed,
    })),
  });
};

/** Computed harsh events over all stored history, then as telemetry commits; paced: the events are for the map and reports, not urgent. */
export const harshEventsProcessor: TelemetryProcessor = {
  name: "harsh-events",
  startAt: "beginning",
  minIntervalMs: 10_000,
  process: computeHarshEvents,
};
