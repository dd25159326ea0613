/** The rollup bucket widths in seconds, largest first: history re-buckets from the largest that fits. */
export const ROLLUP_WIDTHS = [900, 60] as const;
export type RollupWidth = (typeof ROLLUP_WIDTHS)[number];
