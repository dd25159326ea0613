import { getLiveStreamLimits } from "@/lib/platform/config";
import { acquireSlots } from "@/lib/platform/rate-limit";

/** Who holds a live stream: a share link's viewer (anyone with the link) or a signed-in user; and from which address. */
export type StreamHolder = ({ kind: "share-link"; companyId: number; shareId: number } | { kind: "user"; userId: number }) & { address: string | null };

/** Streams end by a closed tab or a revoked link within seconds; half a minute is a fair wait. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Takes a place for one more open stream under the caps (LIVE_STREAMS_PER_LINK or LIVE_STREAMS_PER_USER,
 * and LIVE_STREAMS_PER_ADDRESS): 429 with Retry-After when either is full. Returns the release, for
 * when the stream ends. Held connections load the process that holds them, so the caps are per process.
 */
export const holdStreamSlot = (holder: StreamHolder) => {
  const caps = getLiveStreamLimits();
  const own =
    holder.kind === "share-link"
      ? { key: `stream:link:${holder.companyId}:${holder.shareId}`, max: caps.perLink }
      : { key: `stream:user:${holder.userId}`, max: caps.perUser };
  return acquireSlots({
    limits: [own, { key: `stream:address:${holder.address ?? "unknown"}`, max: caps.perAddress }],
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    message: "Too many live views are open. Close one, or retry after the number of seconds in Retry-After.",
  });
};

/** Opens a stream in a held place; the place is given back when the stream ends, or at once if opening fails. */
export const openHeldStream = async (holder: StreamHolder, open: (onClose: () => void) => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>) => {
  const release = holdStreamSlot(holder);
  try {
    return await open(release);
  } catch (error) {
    release();
    throw error;
  }
};
