import { AppError } from "@/lib/platform/errors";
import type { TimeRange } from "@/lib/platform/time-range";

/** A history series has at most this many points per vehicle unless the caller picks the bucket width. */
export const MAX_POINTS_PER_SERIES = 1000;

/**
 * The bucket width in seconds: the caller's, or the smallest that keeps ≤ 1,000 buckets, rounded up
 * to whole minutes (past a minute) or quarter hours (past 15 minutes) so history reads the rollups.
 */
export const chooseBucketSeconds = ({ range, bucketSeconds }: { range: TimeRange; bucketSeconds?: number }): number => {
  if (bucketSeconds !== undefined) {
    if (!Number.isInteger(bucketSeconds) || bucketSeconds < 1) throw new AppError("bad_request", '"bucketSeconds" must be a positive integer.');
    return bucketSeconds;
  }
  const rangeSeconds = (range.end.getTime() - range.start.getTime()) / 1000;
  const seconds = Math.max(1, Math.ceil(rangeSeconds / MAX_POINTS_PER_SERIES));
  const unit = seconds > 900 ? 900 : seconds > 60 ? 60 : 1;
  return Math.ceil(seconds / unit) * unit;
};
