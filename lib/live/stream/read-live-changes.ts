import type { TenantQuery } from "@/lib/platform/tenant";
import { presentFleetChanges } from "@/lib/live/stream/present";
import { getFeedSeq } from "@/lib/telemetry/vehicle-state/feed-seq";
import { readStatChanges, type PositionChange, type StatChange } from "@/lib/telemetry/vehicle-state/read-changes";

/** Most rows one read takes; a busier window is sent as several messages, each with its own sequence. */
const MAX_ROWS = 20_000;

export type LiveChanges = ReturnType<typeof presentFleetChanges>;

/**
 * The tenant's committed changes after `afterSeq` (up to the head read first, so nothing uncommitted
 * is skipped), as each changed vehicle's latest location and stats, and the sequence they reach:
 * null when nothing was committed since. `locationsOnly` leaves stats out (a public share link).
 */
export const readLiveChanges = async ({
  db,
  companyId,
  dataset,
  afterSeq,
  vehicleIds,
  locationsOnly = false,
  limit = MAX_ROWS,
}: TenantQuery & {
  afterSeq: number;
  vehicleIds?: readonly number[];
  locationsOnly?: boolean;
  limit?: number;
}): Promise<{ seq: number; changes: LiveChanges } | null> => {
  const uptoSeq = await getFeedSeq({ db, companyId, dataset });
  if (uptoSeq <= afterSeq) return null;
  // One merged order over both tables (one counter): a full page ends exactly at its last row.
  const rows = await readStatChanges({ db, companyId, dataset, afterSeq, uptoSeq, limit, vehicleIds, includePositions: true });
  const seq = rows.length === limit ? rows[rows.length - 1].seq : uptoSeq;
  const positions = rows.filter((row): row is PositionChange => row.kind === "position");
  const stats = locationsOnly ? [] : rows.filter((row): row is StatChange => row.kind === "stats");
  return { seq, changes: presentFleetChanges({ positions, stats }) };
};
