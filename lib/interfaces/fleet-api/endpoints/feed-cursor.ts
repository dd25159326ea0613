import { decodeCursor, encodeCursor, FEED_CURSOR_TTL_MS, type CursorScope } from "@/lib/platform/cursor";

/**
 * A feed position: the tenant's change sequence already delivered, and while the first call's
 * snapshot is still being paged, the last vehicle id of it (`v`).
 */
export type FeedPosition = { seq: number; v?: number };

export const encodeFeedCursor = (scope: CursorScope, position: FeedPosition) => encodeCursor({ scope, position, ttlMs: FEED_CURSOR_TTL_MS });

export const decodeFeedCursor = (scope: CursorScope, after: string | undefined): FeedPosition | null =>
  after === undefined ? null : decodeCursor<FeedPosition>({ cursor: after, scope });
