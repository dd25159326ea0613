import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/platform/tenant";

const METERS_PER_MILE = 1609.344;
/** How far back a power-up is looked for: the stat table is partitioned by day, so the look-up reads two partitions. */
const LOOKBACK_MS = 24 * 3_600_000;

/**
 * A vehicle's distance and engine hours at an instant, as an ELD record carries them (Appendix A 7.1, 7.9, 7.43,
 * 7.44): totals, and what accumulated since the engine's last power-up. `source` says where the miles came from: the
 * engine's own odometer (Teltonika's CAN IO 87, any ECU's `odometerMeters`), the tracker's GPS counter (IO 16,
 * `gpsOdometerMeters`: a fallback the record flags as a missing data element) or nothing.
 */
export type VehicleCounters = {
  totalMiles: number | null;
  totalEngineHours: number | null;
  accumulatedMiles: number | null;
  elapsedEngineHours: number | null;
  source: "engine" | "gps" | null;
};

type Row = {
  odometer_now: number | null;
  odometer_since: number | null;
  gps_now: number | null;
  gps_since: number | null;
  engine_now: number | null;
  engine_since: number | null;
};

/** The latest value of `column` in the look-back up to `at`, or its earliest since the power-up when `first`. */
const reading = ({ companyId, dataset }: Tenant, column: string, first: boolean) =>
  sql`(select ${sql.identifier(column)} from vehicle_stat_samples s where s.company_id = ${companyId} and s.dataset = ${dataset}
    and s.vehicle_id = p.vehicle_id and s.time > ${first ? sql`p.powered_up` : sql`p.since`} and s.time <= p.at and ${sql.identifier(column)} is not null
    order by s.time ${first ? sql`asc` : sql`desc`} limit 1)`;

/**
 * The counters of each (vehicle, instant) asked: one statement. The last power-up is the first report after the latest
 * engine-off report within the past 24 hours (the start of that look-back when the engine reported no state).
 */
export const readVehicleCounters = async ({
  db,
  companyId,
  dataset,
  at,
}: Tenant & { db: Executor; at: readonly { vehicleId: number; at: Date }[] }): Promise<VehicleCounters[]> => {
  if (at.length === 0) return [];
  const tenant = { companyId, dataset };
  const asked = at.map(({ vehicleId, at: instant }) => ({
    vehicle_id: vehicleId,
    at: instant.toISOString(),
    since: new Date(instant.getTime() - LOOKBACK_MS).toISOString(),
  }));
  const rows = await queryRows<Row & { ord: number }>(
    db,
    sql`with asked as (
      select r.ord, r.vehicle_id, r.at, r.since from jsonb_to_recordset(${JSON.stringify(asked.map((row, ord) => ({ ...row, ord })))}::jsonb)
        as r(ord int, vehicle_id int, at timestamptz, since timestamptz)
    ), p as (
      select a.*, coalesce((select max(s.time) from vehicle_stat_samples s where s.company_id = ${companyId} and s.vehicle_id = a.vehicle_id
          and s.dataset = ${dataset} and s.time > a.since and s.time <= a.at and s.engine_state = 'Off'), a.since) as powered_up
      from asked a
    )
    select p.ord, ${reading(tenant, "odometer_meters", false)} as odometer_now, ${reading(tenant, "odometer_meters", true)} as odometer_since,
      ${reading(tenant, "gps_odometer_meters", false)} as gps_now, ${reading(tenant, "gps_odometer_meters", true)} as gps_since,
      ${reading(tenant, "engine_seconds", false)} as engine_now, ${reading(tenant, "engine_seconds", true)} as engine_since
    from p order by p.ord`,
  );
  return rows.map((row) => {
    const number = (value: number | string | null) => (value === null ? null : Number(value));
    const [odometer, odometerSince, gps, gpsSince, engine, engineSince] = [
      row.odometer_now,
      row.odometer_since,
      row.gps_now,
      row.gps_since,
      row.engine_now,
      row.engine_since,
    ].map(number);
    const source = odometer !== null ? "engine" : gps !== null ? "gps" : null;
    const [total, since] = source === "engine" ? [odometer, odometerSince] : [gps, gpsSince];
    return {
      totalMiles: total === null ? null : total / METERS_PER_MILE,
      totalEngineHours: engine === null ? null : engine / 3600,
      accumulatedMiles: total === null || since === null ? null : Math.max(0, total - since) / METERS_PER_MILE,
      elapsedEngineHours: engine === null || engineSince === null ? null : Math.max(0, engine - engineSince) / 3600,
      source,
    };
  });
};
