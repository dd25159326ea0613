import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import { positionOf, statReadingsOf, statReadingsSelect } from "@/db/telemetry-rows";
import type { AssetKind, EngineState, StatReadings } from "@/db/schema";
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
  /** Only changes of this kind of asset (the API's vehicle and trailer feeds); every kind when left out (the live map). */
  kind?: AssetKind;
};

/** The filter on the assets; the kind by the tenant's literal in the vehicles subquery (Citus keeps the read on one shard). */
const assetFilter = ({ companyId, dataset, vehicleIds, kind }: ReadChangesOptions) =>
  sql`${vehicleIds ? sql`and vehicle_id = any(${intArray(vehicleIds)})` : sql``} ${
    kind ? sql`and vehicle_id in (select v.id from vehicles v where v.company_id = ${companyId} and v.dataset = ${dataset} and v.asset_kind = ${kind})` : sql``
  }`;

/** Position rows of the tenant in seq (= commit) order, via the (company_id, dataset, seq) index. */
export const readPositionChanges = async (options: ReadChangesOptions): Promise<PositionChange[]> => {
  const { db, companyId, dataset, afterSeq, uptoSeq, limit } = options;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select seq, vehicle_id, time, latitude, longitude, speed, heading from vehicle_positions
        where company_id = ${companyId} and dataset = ${dataset} and seq > ${afterSeq} and seq <= ${uptoSeq} ${assetFilter(options)}
        order by seq limit ${limit}`,
  );
  return rows.map((row) => ({ kind: "position", seq: Number(row.seq), ...positionOf(row) }));
};

/** Stat-sample rows of the tenant in seq order; with `includePositions` merged with position rows (one seq space). */
export const readStatChanges = async (options: ReadChangesOptions & { includePositions: boolean }): Promise<(StatChange | PositionChange)[]> => {
  const { db, companyId, dataset, afterSeq, uptoSeq, limit, includePositions } = options;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select seq, vehicle_id, time, ${statReadingsSelect()}, engine_state
        from vehicle_stat_samples
        where company_id = ${companyId} and dataset = ${dataset} and seq > ${afterSeq} and seq <= ${uptoSeq} ${assetFilter(options)}
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
