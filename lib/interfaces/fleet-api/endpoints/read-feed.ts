import type { AssetKind } from "@/db/schema";
import type { CursorScope } from "@/lib/platform/cursor";
import { getFeedSeq } from "@/lib/telemetry/vehicle-state/feed-seq";
import { listVehicleStates, type VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import type { Page } from "../pagination";
import type { EndpointContext } from "./context";
import { decodeFeedCursor, encodeFeedCursor } from "./feed-cursor";

type ReadFeedOptions<Change extends { seq: number; vehicleId: number }, Record> = EndpointContext & {
  scope: CursorScope;
  after: string | undefined;
  limit: number;
  vehicleIds?: readonly number[];
  withLocationOnly: boolean;
  /** Which assets the feed follows: vehicles (default) or trailers. */
  kind?: AssetKind;
  /** Changes of assets of `kind` with seq in (afterSeq, uptoSeq], seq order, at most `limit`. */
  readChanges: (range: { afterSeq: number; uptoSeq: number; limit: number; kind: AssetKind }) => Promise<Change[]>;
  presentSnapshot: (states: VehicleStateRow[]) => Record[];
  presentChanges: (vehicles: { id: number; name: string }[], changes: Change[]) => Record[];
};

/**
 * A change feed (Samsara's /feed endpoints). First call: every vehicle's latest state, paged by
 * vehicle, with the cursor pinned at the sequence read before it. Later calls: every change after the
 * cursor's sequence in seq (= commit) order, at most `limit`, grouped per vehicle. A caught-up poll
 * reads only the counter row.
 */
export const readFeed = async <Change extends { seq: number; vehicleId: number }, Record>(options: ReadFeedOptions<Change, Record>): Promise<Page<Record>> => {
  const { db, tenant, scope, after, limit, vehicleIds, kind = "vehicle" } = options;
  const position = decodeFeedCursor(scope, after);
  if (position === null || position.v !== undefined) {
    const seq = position?.seq ?? (await getFeedSeq({ db, ...tenant }));
    const states = await listVehicleStates({
      db,
      ...tenant,
      vehicleIds,
      afterId: position?.v,
      limit: limit + 1,
      withLocationOnly: options.withLocationOnly,
      kind,
    });
    const hasNextPage = states.length > limit;
    const page = states.slice(0, limit);
    const endCursor = encodeFeedCursor(scope, hasNextPage ? { seq, v: page.at(-1)!.vehicleId } : { seq });
    return { data: options.presentSnapshot(page), pagination: { endCursor, hasNextPage } };
  }
  const uptoSeq = await getFeedSeq({ db, ...tenant });
  if (uptoSeq <= position.seq) return { data: [], pagination: { endCursor: encodeFeedCursor(scope, { seq: position.seq }), hasNextPage: false } };
  const changes = await options.readChanges({ afterSeq: position.seq, uptoSeq, limit: limit + 1, kind });
  const hasNextPage = changes.length > limit;
  const page = changes.slice(0, limit);
  const nextSeq = hasNextPage ? page.at(-1)!.seq : uptoSeq;
  const ids = [...new Set(page.map((change) => change.vehicleId))].sort((a, b) => a - b);
  const vehicles = ids.length === 0 ? [] : await listVehicles({ db, ...tenant, vehicleIds: ids, archive: "all", kind, limit: ids.length });
  return {
    data: options.presentChanges(
      vehicles.map(({ id, name }) => ({ id, name })),
      page,
    ),
    pagination: { endCursor: encodeFeedCursor(scope, { seq: nextSeq }), hasNextPage },
  };
};
