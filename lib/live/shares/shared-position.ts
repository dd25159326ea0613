import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { liveShares } from "@/db/schema";
import { presentLiveLocation } from "@/lib/live/stream/present";
import type { LiveLocation } from "@/lib/live/stream/live-types";
import { AppError } from "@/lib/platform/errors";
import { openLiveStream } from "@/lib/live/stream/open-live-stream";
import { readLiveChanges } from "@/lib/live/stream/read-live-changes";
import { openHeldStream } from "@/lib/live/stream/stream-slots";
import { getFeedSeq } from "@/lib/telemetry/vehicle-state/feed-seq";
import { listVehicleStates } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { findHomeStart, type MapStart } from "@/lib/fleet/places/map-start";
import { companyOfShareToken, hashShareToken } from "./share-token";

/**
 * What a link's public page shows: the link's and the vehicle's names and its position, nothing else;
 * `start` is where the map opens until the vehicle has a position (the company's home town, else the world).
 */
export type SharedVehicle = {
  title: string;
  vehicleName: string;
  location: LiveLocation | null;
  start: MapStart;
  expiresAt: string | null;
  streamSeq: number;
};

const GONE = "This live location link has expired or was revoked.";

/** The working link with this token at `now`, or null (unknown, revoked, expired). */
export const findOpenLiveShare = async ({ db, token, now = new Date() }: { db: Executor; token: string; now?: Date }) => {
  const companyId = companyOfShareToken(token);
  if (companyId === null) return null;
  const [row] = await db
    .select()
    .from(liveShares)
    .where(
      and(
        eq(liveShares.companyId, companyId),
        eq(liveShares.tokenHash, hashShareToken(token)),
        isNull(liveShares.revokedAt),
        or(isNull(liveShares.expiresAt), gt(liveShares.expiresAt, now)),
      ),
    );
  return row ?? null;
};

const openShareOrThrow = async (options: { db: Executor; token: string; now?: Date }) => {
  const share = await findOpenLiveShare(options);
  if (!share) throw new AppError("not_found", GONE);
  return share;
};

/** The shared vehicle's latest position and the change sequence to stream from; 404 once the link stopped working. */
export const getSharedVehicle = async ({ db, token, now }: { db: Executor; token: string; now?: Date }): Promise<SharedVehicle> => {
  const share = await openShareOrThrow({ db, token, now });
  const tenant = { db, companyId: share.companyId, dataset: share.dataset };
  const streamSeq = await getFeedSeq(tenant);
  const [vehicle, [state], start] = await Promise.all([
    getVehicle({ ...tenant, vehicleId: share.vehicleId }),
    listVehicleStates({ ...tenant, vehicleIds: [share.vehicleId], limit: 1 }),
    // Not the company's map start (its fleet's or places' box): a public page tells nothing of the rest of the fleet.
    findHomeStart(tenant),
  ]);
  return {
    title: share.name,
    vehicleName: vehicle.name,
    location: state ? presentLiveLocation(state) : null,
    start,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    streamSeq,
  };
};

/**
 * The shared vehicle's new positions as server-sent events (no stats, no other vehicle). The link is
 * checked again before every read and every 2 s: a revoked or expired link ends the stream within
 * seconds. An `afterSeq` further back than the replay bound is moved up to it (the page shows the
 * latest position only), and the link and the client `address` each hold a capped number of streams
 * (429). `clock` is injectable for tests.
 */
export const openSharedStream = async ({
  db,
  token,
  afterSeq,
  address,
  signal,
  clock = () => new Date(),
}: {
  db: Executor;
  token: string;
  afterSeq: number;
  address: string | null;
  signal: AbortSignal;
  clock?: () => Date;
}) => {
  const share = await openShareOrThrow({ db, token, now: clock() });
  const tenant = { companyId: share.companyId, dataset: share.dataset };
  return openHeldStream({ kind: "share-link", companyId: share.companyId, shareId: share.id, address }, (onClose) =>
    openLiveStream({
      tenant,
      afterSeq,
      signal,
      onClose,
      replay: { headSeq: () => getFeedSeq({ db, ...tenant }), beyond: "clamp" },
      read: (after) => readLiveChanges({ db, ...tenant, afterSeq: after, vehicleIds: [share.vehicleId], locationsOnly: true }),
      isAllowed: async () => (await findOpenLiveShare({ db, token, now: clock() })) !== null,
    }),
  );
};
