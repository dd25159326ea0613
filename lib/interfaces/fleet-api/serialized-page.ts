import type { Executor } from "@/db/client";
import { BoundedCache } from "@/lib/platform/bounded-memo";
import type { VehicleStateRow, VehicleStateVersion } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import type { Page } from "./pagination";
import { toVersion } from "./versioning";
import type { ApiVersion } from "@/lib/platform/api-versions";
import { getConfig } from "@/lib/platform/config";

/** A response body already serialized as UTF-8 JSON: withFleetApi sends its bytes as they are. */
export class SerializedJson {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
}

const encoder = new TextEncoder();
const PAGE_START = encoder.encode('{"data":[');

/** One record as the caller's version spells it (the transformation a whole body gets), as `,{...}` in UTF-8. */
const serializeRecord = (record: unknown, version: ApiVersion) => encoder.encode(`,${JSON.stringify(toVersion(record, version))}`);

/** The list envelope `{ data, pagination }` around records serialized one by one (each `,{...}`). */
const serializePage = ({ records, pagination, version }: { records: Uint8Array[]; pagination: Page<unknown>["pagination"]; version: ApiVersion }) => {
  const end = encoder.encode(`],"pagination":${JSON.stringify(toVersion(pagination, version))}}`);
  const parts = records.map((record, index) => (index === 0 ? record.subarray(1) : record));
  return new SerializedJson(Buffer.concat([PAGE_START, ...parts, end]));
};

type CachedRecord = { name: string; extra: string; bytes: Uint8Array };

// Per database handle: a process that switches databases (tests) must not see another one's records.
const caches = new WeakMap<Executor, BoundedCache<string, CachedRecord>>();
// Size it to the vehicles whose snapshots are polled: past it, pages rebuild their records (correct, slower).
const CACHED_RECORDS = getConfig().SNAPSHOT_CACHE_RECORDS;
const recordCacheOf = (db: Executor) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new BoundedCache(CACHED_RECORDS)));
  return cache;
};

// Kinds of record (version, endpoint, stat types asked for) get short numbers, so keys stay short to hash.
const kindNumbers = new BoundedCache<string, number>(1024);
let nextKindNumber = 0;
const kindNumberOf = (kind: string) => {
  let number = kindNumbers.get(kind);
  if (number === undefined) kindNumbers.set(kind, (number = nextKindNumber++));
  return number;
};

type SnapshotPageOptions = {
  db: Executor;
  version: ApiVersion;
  /** What the records are (endpoint and the options that shape them, e.g. the stat types asked for). */
  kind: string;
  /** The page: which vehicles, and which update of each one's state. */
  page: Page<VehicleStateVersion>;
  /** What else a vehicle's record is built from that its state version does not cover (fault codes). */
  extraOf?: (vehicleId: number) => string;
  /** The states of the page's vehicles whose records are not cached. */
  loadStates: (vehicleIds: number[]) => Promise<VehicleStateRow[]>;
  present: (state: VehicleStateRow) => unknown;
};

/**
 * A snapshot page as bytes, each vehicle's record served from memory when it was already built from
 * the same update of its state: pages of latest state are asked for far more often than a vehicle
 * reports, and presenting and serializing 512 records was most of such a page's time. Ingestion
 * stamps every change of a vehicle's state with a new change sequence number (its `stateVersion`), so
 * a changed vehicle misses, and only the misses' full states are read. At most 2 ×
 * SNAPSHOT_CACHE_RECORDS (default 20,000: ≈ 30 MB) records are kept.
 */
export const serializeSnapshotPage = async ({ db, version, kind, page, extraOf = () => "", loadStates, present }: SnapshotPageOptions) => {
  const cache = recordCacheOf(db);
  const prefix = `${kindNumberOf(`${version}\0${kind}`)}:`;
  const keyOf = (vehicleId: number, stateVersion: string) => `${prefix}${vehicleId}:${stateVersion}`;
  const records = page.data.map((row) => {
    const hit = cache.get(keyOf(row.vehicleId, row.stateVersion));
    return hit && hit.name === row.name && hit.extra === extraOf(row.vehicleId) ? hit.bytes : undefined;
  });
  const missing = page.data.filter((_, index) => records[index] === undefined).map((row) => row.vehicleId);
  if (missing.length > 0) {
    // Read after the page: a vehicle may have reported since, and its newer state is what is served.
    const states = new Map((await loadStates(missing)).map((state) => [state.vehicleId, state]));
    page.data.forEach((row, index) => {
      const state = records[index] === undefined ? states.get(row.vehicleId) : undefined;
      if (!state) return;
      const bytes = serializeRecord(present(state), version);
      cache.set(keyOf(state.vehicleId, state.stateVersion), { name: state.name, extra: extraOf(state.vehicleId), bytes });
      records[index] = bytes;
    });
  }
  // A vehicle deleted between the two reads is left out.
  return serializePage({ records: records.filter((bytes) => bytes !== undefined), pagination: page.pagination, version });
};
