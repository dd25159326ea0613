import { and, asc, desc, eq, gte, isNotNull, lt, lte, min, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { idlingEvents, speedingIntervals, trips, vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { detectActivity, earliestOpenTime, EMPTY_ACTIVITY_STATE, type ActivitySettings, type StoredDetectorState } from "./activity-detector";
import { EMPTY_CARRY, toMotionSamples } from "./motion-samples";

/** How far behind a vehicle's detector state a late point still corrects what was detected (older ones are stored, not detected). */
export const LATE_POINT_LIMIT_MS = 48 * 3_600_000;
const DAY_MS = 86_400_000;
const EVENT_TABLES = [trips, idlingEvents, speedingIntervals] as const;

type ReplayOptions = {
  db: Executor;
  tenant: Tenant;
  vehicleId: number;
  known: { state: StoredDetectorState; lastTime: number };
  /** The earliest late row's time. */
  lateFrom: number;
  /** Rows committed after this change sequence are not this run's (a later window hands them). */
  throughSeq: number;
  settings: ActivitySettings;
};

const ofVehicle = (table: (typeof EVENT_TABLES)[number], tenant: Tenant, vehicleId: number, ...more: SQL[]) =>
  and(whereTenant(table, tenant), eq(table.vehicleId, vehicleId), ...more);

/**
 * Where a replay must begin so that everything a late point at `lateFrom` can change is recomputed
 * whole: a trip that ended up to `stopAfterMs` before it may go on through it, and every stored or
 * open trip, idle or speeding interval reaching that far back is redone from its start.
 */
const replayStart = async ({ db, tenant, vehicleId, known, lateFrom, settings }: ReplayOptions) => {
  let from = Math.min(
    Math.max(lateFrom, known.lastTime - LATE_POINT_LIMIT_MS) - settings.motion.stopAfterMs,
    earliestOpenTime(known.state.activity) ?? Infinity,
  );
  for (;;) {
    const starts = await Promise.all(
      EVENT_TABLES.map(
        async (table) =>
          (
            await db
              .select({ start: min(table.startTime) })
              .from(table)
              .where(ofVehicle(table, tenant, vehicleId, gte(table.endTime, new Date(from))))
          )[0]?.start,
      ),
    );
    const earliest = Math.min(...starts.map((start) => start?.getTime() ?? Infinity));
    if (earliest >= from) return from;
    from = earliest;
  }
};

/**
 * Late points: deletes what the vehicle's detection found from the replay start on and detects it
 * again from stored history (bounded: at most LATE_POINT_LIMIT_MS plus one trip back), seeded with
 * the last position and engine report before that start.
 */
export const replayVehicle = async (options: ReplayOptions) => {
  const { db, tenant, vehicleId, throughSeq, settings } = options;
  const from = new Date(await replayStart(options));
  for (const table of EVENT_TABLES) await db.delete(table).where(ofVehicle(table, tenant, vehicleId, gte(table.endTime, from)));
  const positionsOf = (where: SQL[]) =>
    db
      .select({ time: vehiclePositions.time, latitude: vehiclePositions.latitude, longitude: vehiclePositions.longitude, speed: vehiclePositions.speed })
      .from(vehiclePositions)
      .where(and(whereTenant(vehiclePositions, tenant), eq(vehiclePositions.vehicleId, vehicleId), lte(vehiclePositions.seq, throughSeq), ...where));
  const statsOf = (where: SQL[]) =>
    db
      .select({
        time: vehicleStatSamples.time,
        engineState: vehicleStatSamples.engineState,
        odometerMeters: vehicleStatSamples.odometerMeters,
        fuelPercent: vehicleStatSamples.fuelPercent,
        speed: vehicleStatSamples.speed,
      })
      .from(vehicleStatSamples)
      .where(and(whereTenant(vehicleStatSamples, tenant), eq(vehicleStatSamples.vehicleId, vehicleId), lte(vehicleStatSamples.seq, throughSeq), ...where));
  // What the vehicle was doing just before: the day before bounds the search (the series are partitioned by day).
  const before = [lt(vehiclePositions.time, from), gte(vehiclePositions.time, new Date(from.getTime() - DAY_MS))];
  const statBefore = [
    lt(vehicleStatSamples.time, from),
    gte(vehicleStatSamples.time, new Date(from.getTime() - DAY_MS)),
    isNotNull(vehicleStatSamples.engineState),
  ];
  const seed = toMotionSamples({
    positions: await positionsOf(before).orderBy(desc(vehiclePositions.time)).limit(1),
    stats: await statsOf(statBefore).orderBy(desc(vehicleStatSamples.time)).limit(1),
    carry: EMPTY_CARRY,
  });
  const history = toMotionSamples({
    positions: await positionsOf([gte(vehiclePositions.time, from)]).orderBy(asc(vehiclePositions.time)),
    stats: await statsOf([gte(vehicleStatSamples.time, from)]).orderBy(asc(vehicleStatSamples.time)),
    carry: seed.carry,
  });
  const start = { ...EMPTY_ACTIVITY_STATE, motion: { open: null, previous: seed.samples.at(-1) ?? null } };
  const { state, found } = detectActivity({ state: start, samples: history.samples, settings });
  return { state: { activity: state, carry: history.carry } satisfies StoredDetectorState, found, replayedFrom: from.getTime() };
};
