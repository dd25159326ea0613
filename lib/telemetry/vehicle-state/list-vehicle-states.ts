import { sql } from "drizzle-orm";
import { intArray, nullableBoolean, nullableNumber, queryRows } from "@/db/rows";
import type { AssetKind, EngineState } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";

/** A vehicle's latest location and stats (from `vehicle_state`, kept current by ingestion). */
export type VehicleStateRow = {
  vehicleId: number;
  name: string;
  locationTime: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** Meters per second. */
  speed: number | null;
  heading: number | null;
  hdop: number | null;
  satellites: number | null;
  statsTime: Date | null;
  engineRpm: number | null;
  fuelPercent: number | null;
  odometerMeters: number | null;
  engineSeconds: number | null;
  /** ECU speed, meters per second. */
  ecuSpeed: number | null;
  engineState: EngineState | null;
  /** The tracker's supply voltage (Samsara's batteryMilliVolts). */
  batteryMilliVolts: number | null;
  /** Samsara's stat types of the same names (telemetry-batch.ts StatSample). */
  engineCoolantTemperatureMilliC: number | null;
  ambientAirTemperatureMilliC: number | null;
  engineLoadPercent: number | null;
  defLevelMilliPercent: number | null;
  gpsOdometerMeters: number | null;
  fuelConsumedMilliliters: number | null;
  /** The tracker's digital inputs 1 to 3 (Samsara's auxInput1..3). */
  auxInput1: boolean | null;
  auxInput2: boolean | null;
  auxInput3: boolean | null;
  /**
   * Which update of the row this is (`location_seq:stats_seq`): ingestion stamps a new change
   * sequence number on every write, so equal versions mean equal contents (what caches key on).
   */
  stateVersion: string;
};

type ListVehicleStatesOptions = TenantQuery & {
  vehicleIds?: readonly number[];
  afterId?: number;
  limit: number;
  /** Leave out vehicles that never reported a position (the locations snapshot). */
  withLocationOnly?: boolean;
  /** Vehicles (default) or trailers (the trailer stats), or both (the live map). */
  kind?: AssetKind | "any";
};

/**
 * A timestamp as epoch milliseconds (a float8 the driver reads with parseFloat): parsing 2 × 513
 * timestamp strings was a visible share of a 512-vehicle page. `floor` truncates the microseconds
 * as the driver's own timestamp parser does, so the Date is the same.
 */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Pages of up to this many vehicles (the API's, and the cache misses of one) look each vehicle's state
 * up by its key; larger reads (the dashboard's 5,000-vehicle pages, the legacy lists' whole fleet) join
 * the two tables, which reads each once (a hash join: half the time of 10,000 lookups).
 */
const LOOKUP_LIMIT = 1_000;

/**
 * The keyset page of the tenant's vehicles both snapshot queries read: vehicle-id order, after
 * `afterId`. A page's states are looked up in a LATERAL subquery that `offset 0` keeps from being
 * flattened into a join, so the only plan is the vehicles in id order, one state lookup each, stopped
 * by the limit: the page's work whatever the statistics say. As a plain join, right after a bulk write
 * (seed, CSV import, a fleet's first reports) the planner believed the tenant had a few dozen states,
 * read all of them, looked each vehicle up and sorted: 10,000 lookups and a sort for a 512-vehicle
 * page (issue 41, docs/scaling.md).
 */
const pageOf = ({ companyId, dataset, vehicleIds, afterId, limit, withLocationOnly = false, kind = "vehicle" }: Omit<ListVehicleStatesOptions, "db">) => {
  const ids = vehicleIds ? sql`and v.id = any(${intArray(vehicleIds)})` : sql``;
  const after = afterId === undefined ? sql`` : sql`and v.id > ${afterId}`;
  const located = withLocationOnly ? sql`and s.location_time is not null` : sql``;
  const ofKind = kind === "any" ? sql`` : sql`and v.asset_kind = ${kind}`;
  const states =
    limit <= LOOKUP_LIMIT
      ? sql`left join lateral (select * from vehicle_state s where s.company_id = ${companyId} and s.vehicle_id = v.id offset 0) s on true`
      : sql`left join vehicle_state s on s.company_id = v.company_id and s.vehicle_id = v.id`;
  return sql`from vehicles v ${states}
    where v.company_id = ${companyId} and v.dataset = ${dataset} and v.archived_at is null ${ofKind} ${ids} ${after} ${located}
    order by v.id limit ${limit}`;
};

const STATE_VERSION = sql.raw("coalesce(s.location_seq, 0) || ':' || coalesce(s.stats_seq, 0)");

/**
 * THE snapshot query: each vehicle's latest state in vehicle-id order (keyset pages), one index
 * lookup in `vehicle_state` per vehicle of the page, never a scan of the time series.
 */
export const listVehicleStates = async ({ db, ...options }: ListVehicleStatesOptions) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select v.id as vehicle_id, v.name, ${epochMs("s.location_time")} as location_time, s.latitude, s.longitude, s.speed, s.heading,
          s.hdop, s.satellites, ${epochMs("s.stats_time")} as stats_time, s.engine_rpm, s.fuel_percent, s.odometer_meters, s.engine_seconds,
            s.ecu_speed, s.engine_state, s.battery_milli_volts, s.engine_coolant_temperature_milli_c, s.ambient_air_temperature_milli_c,
            s.engine_load_percent, s.def_level_milli_percent, s.gps_odometer_meters, s.fuel_consumed_milliliters, s.aux_input_1, s.aux_input_2, s.aux_input_3,
          ${STATE_VERSION} as state_version
        ${pageOf(options)}`,
  );
  return rows.map(toVehicleStateRow);
};

export type VehicleStateVersion = Pick<VehicleStateRow, "vehicleId" | "name" | "stateVersion">;

/**
 * The same page as listVehicleStates, only which vehicles and which update of each: three columns
 * instead of eighteen, for callers that hold records built from states they have already read.
 */
export const listVehicleStateVersions = async ({ db, ...options }: ListVehicleStatesOptions): Promise<VehicleStateVersion[]> => {
  const rows = await queryRows<{ vehicle_id: number; name: string; state_version: string }>(
    db,
    sql`select v.id as vehicle_id, v.name, ${STATE_VERSION} as state_version ${pageOf(options)}`,
  );
  return rows.map((row) => ({ vehicleId: Number(row.vehicle_id), name: row.name, stateVersion: row.state_version }));
};

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));

const toVehicleStateRow = (row: Record<string, unknown>): VehicleStateRow => ({
  vehicleId: Number(row.vehicle_id),
  name: String(row.name),
  locationTime: date(row.location_time),
  latitude: nullableNumber(row.latitude),
  longitude: nullableNumber(row.longitude),
  speed: nullableNumber(row.speed),
  heading: nullableNumber(row.heading),
  hdop: nullableNumber(row.hdop),
  satellites: nullableNumber(row.satellites),
  statsTime: date(row.stats_time),
  engineRpm: nullableNumber(row.engine_rpm),
  fuelPercent: nullableNumber(row.fuel_percent),
  odometerMeters: nullableNumber(row.odometer_meters),
  engineSeconds: nullableNumber(row.engine_seconds),
  ecuSpeed: nullableNumber(row.ecu_speed),
  engineState: (row.engine_state as EngineState | null) ?? null,
  batteryMilliVolts: nullableNumber(row.battery_milli_volts),
  engineCoolantTemperatureMilliC: nullableNumber(row.engine_coolant_temperature_milli_c),
  ambientAirTemperatureMilliC: nullableNumber(row.ambient_air_temperature_milli_c),
  engineLoadPercent: nullableNumber(row.engine_load_percent),
  defLevelMilliPercent: nullableNumber(row.def_level_milli_percent),
  gpsOdometerMeters: nullableNumber(row.gps_odometer_meters),
  fuelConsumedMilliliters: nullableNumber(row.fuel_consumed_milliliters),
  auxInput1: nullableBoolean(row.aux_input_1),
  auxInput2: nullableBoolean(row.aux_input_2),
  auxInput3: nullableBoolean(row.aux_input_3),
  stateVersion: String(row.state_version),
});
