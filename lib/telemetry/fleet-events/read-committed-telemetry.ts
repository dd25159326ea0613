import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { joinedColumn, queryRows, readNumberColumn } from "@/db/rows";
import { ENGINE_STATES, type vehicleStatSamples } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/** What the processors read of a row: heading, distance, rpm and engine seconds none of them uses, and each column read costs (docs/scaling.md). */
export type CommittedPosition = { time: Date; seq: number; latitude: number; longitude: number; speed: number };
export type CommittedStat = Pick<typeof vehicleStatSamples.$inferSelect, "time" | "seq" | "engineState" | "fuelPercent" | "odometerMeters" | "speed">;

/** One vehicle's newly committed rows, each list in time order (a late point sorts before later ones already processed: compare with your state). */
export type VehicleTelemetry = { vehicleId: number; positions: CommittedPosition[]; stats: CommittedStat[] };

/** Time order; rows of one instant in commit order. */
const byTime = <T extends { time: Date; seq: number }>(a: T, b: T) => a.time.getTime() - b.time.getTime() || a.seq - b.seq;

const nullable = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * One table's rows in the window as packed columns (db/rows.ts joinedColumn): the vehicle, the time
 * in epoch milliseconds (stored times are whole milliseconds, so the rounded double is exact, and
 * cheaper than extract's numeric), the change sequence, then `columns`. Read in change-sequence
 * order, so vehicles come in the order they first reported.
 */
const readPacked = async ({ db, table, inWindow, columns }: { db: Executor; table: string; inWindow: SQL; columns: Record<string, SQL> }) => {
  const all: Record<string, SQL> = { vehicle: sql`vehicle_id`, time: sql`round(date_part('epoch', time) * 1000)`, seq: sql`seq`, ...columns };
  const names = Object.keys(all);
  const [packed] = await queryRows<Record<string, string | null>>(
    db,
    sql`select ${sql.join(
      names.map((name) => joinedColumn(all[name], name)),
      sql`, `,
    )}
      from (select * from ${sql.identifier(table)} where ${inWindow} order by seq) window_rows`,
  );
  return Object.fromEntries(names.map((name) => [name, readNumberColumn(packed[name])]));
};

type ReadOptions = { db: Executor; tenant: Tenant; afterSeq: number; throughSeq: number; positions?: boolean };

/**
 * A tenant's rows with change sequence in (`afterSeq`, `throughSeq`], grouped by vehicle (without
 * `positions`, its stat samples only). A window is up to 50,000 rows, read as a few packed columns a
 * table rather than as rows: parsing them as fields (and drizzle mapping each) took longer than the query.
 */
export const readCommittedTelemetry = async ({ db, tenant, afterSeq, throughSeq, positions = true }: ReadOptions) => {
  const inWindow = sql`company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and seq > ${afterSeq} and seq <= ${throughSeq}`;
  const p = positions
    ? await readPacked({ db, table: "vehicle_positions", inWindow, columns: { latitude: sql`latitude`, longitude: sql`longitude`, speed: sql`speed` } })
    : { vehicle: [], time: [], seq: [], latitude: [], longitude: [], speed: [] };
  const s = await readPacked({
    db,
    table: "vehicle_stat_samples",
    inWindow,
    columns: {
      // 1-based index in ENGINE_STATES, NULL when not reported.
      engineState: sql`array_position(${sql.raw(`array[${ENGINE_STATES.map((state) => `'${state}'`).join(",")}]`)}, engine_state)`,
      fuelPercent: sql`fuel_percent`,
      odometerMeters: sql`odometer_meters`,
      speed: sql`speed`,
    },
  });
  const vehicles = new Map<number, VehicleTelemetry>();
  const of = (vehicleId: number) => {
    let entry = vehicles.get(vehicleId);
    if (!entry) vehicles.set(vehicleId, (entry = { vehicleId, positions: [], stats: [] }));
    return entry;
  };
  for (let i = 0; i < p.vehicle.length; i++)
    of(p.vehicle[i]).positions.push({ time: new Date(p.time[i]), seq: p.seq[i], latitude: p.latitude[i], longitude: p.longitude[i], speed: p.speed[i] });
  for (let i = 0; i < s.vehicle.length; i++)
    of(s.vehicle[i]).stats.push({
      time: new Date(s.time[i]),
      seq: s.seq[i],
      engineState: Number.isNaN(s.engineState[i]) ? null : ENGINE_STATES[s.engineState[i] - 1],
      fuelPercent: nullable(s.fuelPercent[i]),
      odometerMeters: nullable(s.odometerMeters[i]),
      speed: nullable(s.speed[i]),
    });
  for (const entry of vehicles.values()) {
    entry.positions.sort(byTime);
    entry.stats.sort(byTime);
  }
  return [...vehicles.values()];
};
