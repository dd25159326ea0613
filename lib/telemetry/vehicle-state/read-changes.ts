import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import { positionOf, statReadingsOf, statReadingsSelect } from "@/db/telemetry-rows";
import type { EngineState, StatReadings } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";

export type PositionChange = {
  kind: "position";
  seq: number;
  vehicleId: number;
  time: Date;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
};

export type StatChange = StatReadings & {
  kind: "stats";
  seq: number;
  vehicleId: number;
  time: Date;
  engineState: EngineState | null;
};

type ReadChangesOptions = TenantQuery & {
  /** Rows with seq > afterSeq ... */
  afterSeq: number;
  /** ... and seq <= uptoSeq (the counter value read first: everything up to it is committed). */
  uptoSeq: number;
  limit: number;
  vehicleIds?: readonly number[];
};

const vehicleFilter = (vehicleIds?: readonly number[]) => (vehicleIds ? sql`and vehicle_id = any(${intArray(vehicleIds)})` : sql``);

/** Position rows of the tenant in seq (= commit) order, via the (company_id, dataset, seq) index. */
export const readPositionChanges = async ({ db, companyId, dataset, afterSeq, uptoSeq, limit, vehicleIds }: ReadChangesOptions): Promise<PositionChange[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select seq, vehicle_id, time, latitude, longitude, speed, heading from vehicle_positions
        where company_id = ${companyId} and dataset = ${dataset} and seq > ${afterSeq} and seq <= ${uptoSeq} ${vehicleFilter(vehicleIds)}
        order by seq limit ${limit}`,
  );
  return rows.map((row) => ({ kind: "position", seq: Number(row.seq), ...positionOf(row) }));
};

/** Stat-sample rows of the tenant in seq order; with `includePositions` merged with position rows (one seq space). */
export const readStatChanges = async (options: ReadChangesOptions & { includePositions: boolean }): Promise<(StatChange | PositionChange)[]> => {
  const { db, companyId, dataset, afterSeq, uptoSeq, limit, vehicleIds, includePositions } = options;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select seq, vehicle_id, time, ${statReadingsSelect()}, engine_state
        from vehicle_stat_samples
        where company_id = ${companyId} and dataset = ${dataset} and seq > ${afterSeq} and seq <= ${uptoSeq} ${vehicleFilter(vehicleIds)}
        order by seq limit ${limit}`,
  );
  const stats: StatChange[] = rows.map((row) => ({
    kind: "stats",
    seq: Number(row.seq),
    vehicleId: Number(row.vehicle_id),
    time: new Date(row.time as string),
    ...statReadingsOf(row),
    engineState: (row.engine_state as EngineState | null) ?? null,
  }));
  if (!includePositions) return stats;
  // Both tables draw from the tenant's one counter, so the first `limit` of the merged order is exact.
  const positions = await readPositionChanges(options);
  return [...stats, ...positions].sort((a, b) => a.seq - b.seq).slice(0, limit);
};
