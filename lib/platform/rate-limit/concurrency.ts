import { AppError } from "@/lib/platform/errors";

/** Slots held in this process, by key. */
const held = new Map<string, number>();

export type ConcurrencyLimit = {
  key: string;
  /** How many may be held at once under this key. */
  max: number;
};

/**
 * Holds one slot under every limit, or none: when any is full, 429 with Retry-After. For work that
 * ties up the process serving it while it lasts (an open stream, an export being built), counted
 * where that cost falls: per process, in memory, so a crashed request can never leave a slot taken
 * (a token bucket in the database, lib/platform/rate-limit's takeToken, limits request rates across
 * instances). Returns the release, which may be called more than once.
 */
export const acquireSlots = ({ limits, retryAfterSeconds, message }: { limits: readonly ConcurrencyLimit[]; retryAfterSeconds: number; message: string }) => {
  const full = limits.find((limit) => (held.get(limit.key) ?? 0) >= limit.max);
  if (full)
    throw new AppError("rate_limited", message, {
      headers: { "Retry-After": String(retryAfterSeconds), "X-RateLimit-Limit": String(full.max), "X-RateLimit-Remaining": "0" },
    });
  for (const { key } of limits) held.set(key, (held.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const { key } of limits) {
      const left = (held.get(key) ?? 1) - 1;
      if (left > 0) held.set(key, left);
      else held.delete(key);
    }
  };
};

/** Runs `work` in slots (429 when any is full), released when it settles. */
export const withSlots = async <T>(options: Parameters<typeof acquireSlots>[0], work: () => Promise<T>): Promise<T> => {
  const release = acquireSlots(options);
  try {
    return await work();
  } finally {
    release();
  }
};

/** `body` passed through, calling `release` once it has been read to the end, failed or was cancelled (a download in flight still holds its slot). */
export const releaseWhenDone = (body: ReadableStream<Uint8Array>, release: () => void) => {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel: async (reason) => {
      release();
      await reader.cancel(reason);
    },
  });
};
