import { sql } from "drizzle-orm";
import { intArray, nullableNumber, queryRows } from "@/db/rows";
import { positionOf } from "@/db/telemetry-rows";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";

export type StreamedPosition = ReturnType<typeof positionOf> & { seq: number; accuracy: number | null; ecuSpeed: number | null };

/**
 * The tenant's positions whose time is in `range`, in seq (= commit) order after `afterSeq` and up to
 * `uptoSeq` (everything at or below it is committed: lib/telemetry/vehicle-state/feed-seq.ts), each with the
 * ECU speed of a stat sample of the same vehicle and instant when there is one. Paging by seq, not
 * by time, means a point that arrives late is still streamed. The range prunes the partitions.
 */
export const streamPositions = async ({
  db,
  companyId,
  dataset,
  range,
  afterSeq,
  uptoSeq,
  vehicleIds,
  limit,
}: TenantQuery & {
  range: TimeRange;
  afterSeq: number;
  uptoSeq: number;
  vehicleIds?: readonly number[];
  limit: number;
}): Promise<StreamedPosition[]> => {
  const vehicleFilter = vehicleIds ? sql`and p.vehicle_id = any(${intArray(vehicleIds)})` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.seq, p.vehicle_id, p.time, p.latitude, p.longitude, p.speed, p.heading, p.accuracy, s.speed as ecu_speed
        from vehicle_positions p
        left join vehicle_stat_samples s on s.company_id = ${companyId} and s.vehicle_id = p.vehicle_id and s.time = p.time
          and s.time >= ${range.start.toISOString()} and s.time < ${range.end.toISOString()}
        where p.company_id = ${companyId} and p.dataset = ${dataset} and p.seq > ${afterSeq} and p.seq <= ${uptoSeq}
          and p.time >= ${range.start.toISOString()} and p.time < ${range.end.toISOString()} ${vehicleFilter}
        order by p.seq limit ${limit}`,
  );
  return rows.map((row) => ({ ...positionOf(row), seq: Number(row.seq), accuracy: nullableNumber(row.accuracy), ecuSpeed: nullableNumber(row.ecu_speed) }));
};
