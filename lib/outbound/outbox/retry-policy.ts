/** A row keeps being retried this long after it was written, then is marked failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Exponential backoff from 5 s to an hour, with ±50 % jitter so retries of many rows spread out. */
export const retryDelayMs = (attempts: number, random = Math.random) => Math.min(5_000 * 2 ** (attempts - 1), MAX_BACKOFF_MS) * (0.5 + random());

/**
 * What an attempt leaves: done when it succeeded; failed when it did not and the row is past its
 * retry window (or `giveUp`: it can never succeed); otherwise pending again after a backoff.
 */
export const settleAttempt = ({
  ok,
  attempts,
  createdAt,
  now,
  giveUp = false,
}: {
  ok: boolean;
  attempts: number;
  createdAt: Date | string;
  now: Date;
  giveUp?: boolean;
}) => {
  const nextAttempts = attempts + 1;
  const expired = giveUp || now.getTime() - new Date(createdAt).getTime() >= RETRY_WINDOW_MS;
  const outcome = ok ? ("done" as const) : expired ? ("failed" as const) : ("pending" as const);
  const nextAttemptAt = new Date(now.getTime() + (outcome === "pending" ? retryDelayMs(nextAttempts) : 0));
  return { outcome, attempts: nextAttempts, nextAttemptAt };
};
