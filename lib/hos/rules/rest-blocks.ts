import { SHIFT_RESET_MS, SPLIT_LONG_SLEEPER_MS, SPLIT_SHORT_REST_MS } from "./rules";
import { isRestStatus, type Segment } from "./timeline";

/**
 * A run of consecutive rest segments (off duty, sleeper berth, personal conveyance).
 * The block before the first entry is unknown history, taken as off duty: its duration is infinite.
 */
export type RestBlock = {
  startMs: number;
  endMs: number;
  durationMs: number;
  longestSleeperMs: number;
  /** Index of its last segment, where the replays apply it. */
  lastSegmentIndex: number;
  /** ≥ 10 h: the next on-duty time starts a new shift (395.3(a)(1)). */
  resetsShift: boolean;
  /** Left out of the 14-hour window: one of a split-sleeper pair (395.1(g)(1)(ii)), or a ≥ 7 h berth awaiting one. */
  isSplitPeriod: boolean;
  /** The first period of the pair this one completes: the 11 and 14 hours count from its end (395.1(g)(1)(ii)(C)). */
  pairedWith: RestBlock | null;
};

/** Rest blocks keyed by the index of their last segment. */
export type RestBlocksBySegmentEnd = Map<number, RestBlock>;

/** 2 h to under 10 h: a rest period that may be one of a split pair. */
export const isSplitCandidate = (block: RestBlock) => !block.resetsShift && block.durationMs >= SPLIT_SHORT_REST_MS;

const hasLongSleeper = (block: RestBlock) => block.longestSleeperMs >= SPLIT_LONG_SLEEPER_MS;

/** 395.1(g)(1)(ii)(A): one period ≥ 7 h in the sleeper berth, the other ≥ 2 h, together ≥ 10 h. */
export const formsSplitPair = (first: RestBlock, second: RestBlock) =>
  (hasLongSleeper(first) || hasLongSleeper(second)) && first.durationMs + second.durationMs >= SHIFT_RESET_MS;

/** Consecutive rest segments grouped into blocks, oldest first, with 10-hour resets marked and no pairs yet. */
export const groupRestBlocks = (segments: readonly Segment[]): RestBlock[] => {
  const blocks: RestBlock[] = [];
  let current: RestBlock | null = null;
  let sleeperRunMs = 0;
  segments.forEach((segment, index) => {
    if (!isRestStatus(segment.status)) {
      current = null;
      return;
    }
    const durationMs = segment.endMs - segment.startMs;
    if (!current) {
      current = {
        startMs: segment.startMs,
        endMs: segment.endMs,
        durationMs: index === 0 ? Infinity : 0,
        longestSleeperMs: 0,
        lastSegmentIndex: index,
        resetsShift: false,
        isSplitPeriod: false,
        pairedWith: null,
      };
      sleeperRunMs = 0;
      blocks.push(current);
    }
    current.endMs = segment.endMs;
    current.lastSegmentIndex = index;
    current.durationMs += durationMs;
    sleeperRunMs = segment.status === "sleeperBed" ? sleeperRunMs + durationMs : 0;
    current.longestSleeperMs = Math.max(current.longestSleeperMs, sleeperRunMs);
  });
  for (const block of blocks) block.resetsShift = block.durationMs >= SHIFT_RESET_MS;
  return blocks;
};

/**
 * A ≥ 7 h berth period not yet the first of a pair stays out of the window while its partner may still come — until a
 * later rest of 2 h or more that does not pair with it is over, or a 10-hour reset — as ELDs show it to drivers.
 */
export const markAwaitingPartner = ({ blocks, untilMs }: { blocks: readonly RestBlock[]; untilMs: number }) => {
  const completesPair = new Set(blocks.flatMap((block) => (block.pairedWith ? [block.pairedWith] : [])));
  let following: RestBlock | null = null;
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index];
    if (isSplitCandidate(block) && hasLongSleeper(block) && !completesPair.has(block)) {
      const partnerMayStillCome = !following || (following.endMs >= untilMs && !following.resetsShift && !formsSplitPair(block, following));
      if (partnerMayStillCome) block.isSplitPeriod = true;
    }
    if (block.durationMs >= SPLIT_SHORT_REST_MS) following = block;
  }
};
