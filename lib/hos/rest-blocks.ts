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
  /** ≥ 10 h: the next on-duty time starts a new shift (395.3(a)(1)). */
  resetsShift: boolean;
  /** One of a valid split-sleeper pair (395.1(g)(1)(ii)), or a ≥ 7 h sleeper period whose partner may still come. */
  isSplitPeriod: boolean;
};

/** Rest blocks keyed by the index of their last segment, where the replays apply them. */
export type RestBlocksBySegmentEnd = Map<number, RestBlock>;

const isSplitCandidate = (block: RestBlock) => !block.resetsShift && block.durationMs >= SPLIT_SHORT_REST_MS;

/** 395.1(g)(1)(ii)(A): one period ≥ 7 h in the sleeper berth, the other ≥ 2 h, together ≥ 10 h. */
const formsSplitPair = (first: RestBlock, second: RestBlock) =>
  (first.longestSleeperMs >= SPLIT_LONG_SLEEPER_MS || second.longestSleeperMs >= SPLIT_LONG_SLEEPER_MS) &&
  first.durationMs + second.durationMs >= SHIFT_RESET_MS;

const groupRestBlocks = (segments: readonly Segment[]) => {
  const blocks: { block: RestBlock; lastSegmentIndex: number }[] = [];
  let current: RestBlock | null = null;
  let sleeperRunMs = 0;
  segments.forEach((segment, index) => {
    if (!isRestStatus(segment.status)) {
      current = null;
      return;
    }
    const durationMs = segment.endMs - segment.startMs;
    if (!current) {
      const isLeading = index === 0;
      current = {
        startMs: segment.startMs,
        endMs: segment.endMs,
        durationMs: isLeading ? Infinity : 0,
        longestSleeperMs: 0,
        resetsShift: false,
        isSplitPeriod: false,
      };
      sleeperRunMs = 0;
      blocks.push({ block: current, lastSegmentIndex: index });
    }
    current.endMs = segment.endMs;
    current.durationMs += durationMs;
    sleeperRunMs = segment.status === "sleeperBed" ? sleeperRunMs + durationMs : 0;
    current.longestSleeperMs = Math.max(current.longestSleeperMs, sleeperRunMs);
    blocks[blocks.length - 1].lastSegmentIndex = index;
  });
  for (const { block } of blocks) block.resetsShift = block.durationMs >= SHIFT_RESET_MS;
  return blocks;
};

/**
 * Rest blocks with their split-sleeper role decided with hindsight over the whole timeline (one pass each way):
 * a candidate (2 h to 10 h) is a split period when it pairs with the previous or the next candidate of the same
 * shift. A ≥ 7 h sleeper period whose partner has not been taken yet (the log ends first, or the rest in progress
 * could still grow into one) counts as a split period provisionally, as ELDs show it to drivers.
 */
export const findRestBlocks = ({ segments, untilMs }: { segments: readonly Segment[]; untilMs: number }): RestBlocksBySegmentEnd => {
  const blocks = groupRestBlocks(segments);
  const nextCandidate: (RestBlock | null)[] = new Array(blocks.length).fill(null);
  let following: RestBlock | null = null;
  for (let index = blocks.length - 1; index >= 0; index--) {
    nextCandidate[index] = following;
    const { block } = blocks[index];
    if (block.durationMs >= SPLIT_SHORT_REST_MS) following = block;
  }
  let previous: RestBlock | null = null;
  blocks.forEach(({ block }, index) => {
    if (block.resetsShift) previous = null;
    if (!isSplitCandidate(block)) return;
    const next = nextCandidate[index];
    const partnerMayStillCome = !next || (next.endMs >= untilMs && !formsSplitPair(block, next));
    block.isSplitPeriod =
      (previous !== null && formsSplitPair(previous, block)) ||
      (next !== null && isSplitCandidate(next) && formsSplitPair(block, next)) ||
      (block.longestSleeperMs >= SPLIT_LONG_SLEEPER_MS && partnerMayStillCome && !(next?.resetsShift ?? false));
    previous = block;
  });
  return new Map(blocks.map(({ block, lastSegmentIndex }) => [lastSegmentIndex, block]));
};
