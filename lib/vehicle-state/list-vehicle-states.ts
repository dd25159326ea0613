import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { EngineState } from "@/db/schema";
import type { TenantQuery } from "@/lib/tenant";

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
};

type ListVehicleStatesOptions = TenantQuery & {
  vehicleIds?: readonly number[];
  afterId?: number;
  limit: number;
  /** Leave out vehicles that never reported a position (the locations snapshot). */
  withLocationOnly?: boolean;
};

/**
 * A timestamp as epoch milliseconds (a float8 the driver reads with parseFloat): parsing 2 × 513
 * timestamp strings was a visible share of a 512-vehicle page. `floor` truncates the microseconds
 * as the driver's own timestamp parser does, so the Date is the same.
 */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);

/**
 * THE snapshot query: each vehicle's latest state in vehicle-id order (keyset pages), one indexed
 * join of `vehicles` and `vehicle_state`, never a scan of the time series.
 */
export const listVehicleStates = async ({ db, companyId, dataset, vehicleIds, afterId, limit, withLocationOnly = false }: ListVehicleStatesOptions) => {
  const ids = vehicleIds ? sql`and v.id = any(${`{${vehicleIds.join(",")}}`}::int[])` : sql``;
  const after = afterId === undefined ? sql`` : sql`and v.id > ${afterId}`;
  const located = withLocationOnly ? sql`and s.location_time is not null` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select v.id as vehicle_id, v.name, ${epochMs("s.location_time")} as location_time, s.latitude, s.longitude, s.speed, s.heading,
          s.hdop, s.satellites, ${epochMs("s.stats_time")} as stats_time, s.engine_rpm, s.fuel_percent, s.odometer_meters, s.engine_seconds, s.ecu_speed, s.engine_state
        from vehicles v left join vehicle_state s on s.vehicle_id = v.id
        where v.company_id = ${companyId} and v.dataset = ${dataset} ${ids} ${after} ${located}
        order by v.id limit ${limit}`,
  );
  return rows.map(toVehicleStateRow);
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));

const toVehicleStateRow = (row: Record<string, unknown>): VehicleStateRow => ({
  vehicleId: Number(row.vehicle_id),
  name: String(row.name),
  locationTime: date(row.location_time),
  latitude: num(row.latitude),
  longitude: num(row.longitude),
  speed: num(row.speed),
  heading: num(row.heading),
  hdop: num(row.hdop),
  satellites: num(row.satellites),
  statsTime: date(row.stats_time),
  engineRpm: num(row.engine_rpm),
  fuelPercent: num(row.fuel_percent),
  odometerMeters: num(row.odometer_meters),
  engineSeconds: num(row.engine_seconds),
  ecuSpeed: num(row.ecu_speed),
  engineState: (row.engine_state as EngineState | null) ?? null,
});
