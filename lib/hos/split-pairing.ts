import { formsSplitPair, isSplitCandidate, type RestBlock } from "./rest-blocks";
import { HOUR_MS, MINUTE_MS, clamp } from "./rules";
import type { ShiftState } from "./shift-replay";
import type { HosViolation } from "./types";

/** The shift rules replayed with the blocks as currently paired: violations over the log, state after a segment. */
export type ShiftEvaluator = {
  violations: () => readonly HosViolation[];
  stateAfter: (segmentIndex: number) => ShiftState;
};

/** FMCSA's 2020 HOS FAQ, question 4: nominal (< 15 min over), violation, egregious / out of service (> 3 h over). */
const NOMINAL_BELOW_MS = 15 * MINUTE_MS;
const EGREGIOUS_ABOVE_MS = 3 * HOUR_MS;

/** Lower is better, compared in order: egregious, then plain, then nominal violations; then less time left (negated). */
const rankOf = (violations: readonly HosViolation[], state: ShiftState) => {
  const counts = [0, 0, 0];
  for (const { durationMs } of violations) counts[durationMs > EGREGIOUS_ABOVE_MS ? 0 : durationMs >= NOMINAL_BELOW_MS ? 1 : 2]++;
  const windowLeftMs = clamp(state.windowLimitMs - state.windowUsedMs, state.windowLimitMs);
  const driveLeftMs = clamp(state.drivingLimitMs - state.drivingUsedMs, state.drivingLimitMs);
  return [...counts, -(windowLeftMs + driveLeftMs)];
};

const isBetter = (rank: number[], than: number[]) => {
  const index = rank.findIndex((value, position) => value !== than[position]);
  return index >= 0 && rank[index] < than[index];
};

const pair = (first: RestBlock, second: RestBlock) => {
  first.isSplitPeriod = true;
  second.isSplitPeriod = true;
  second.pairedWith = first;
};

/** The partner among several whose pairing FMCSA's FAQ 4 prefers; ties go to the latest. */
const bestPartner = ({ partners, second, evaluator }: { partners: RestBlock[]; second: RestBlock; evaluator: ShiftEvaluator }) => {
  let best: { partner: RestBlock; rank: number[] } | null = null;
  for (const partner of [...partners].reverse()) {
    const wasSplitPeriod = partner.isSplitPeriod;
    pair(partner, second);
    const rank = rankOf(evaluator.violations(), evaluator.stateAfter(second.lastSegmentIndex));
    partner.isSplitPeriod = wasSplitPeriod;
    second.isSplitPeriod = false;
    second.pairedWith = null;
    if (!best || isBetter(rank, best.rank)) best = { partner, rank };
  }
  return best!.partner;
};

/**
 * Pairs split-sleeper periods (395.1(g)(1)(ii)) in time order, with hindsight over the log. Each period of 2 to 10 hours
 * pairs with an earlier one of the same shift — not only its neighbour: shorter rest in between counts in the window —
 * taken from the latest paired period onwards (which may pair again: pairs chain). When several earlier periods
 * qualify, the pairing with no or the fewest violations wins, then the one leaving the most time (FMCSA FAQ 4).
 */
export const pairSplitPeriods = ({ blocks, evaluator }: { blocks: readonly RestBlock[]; evaluator: ShiftEvaluator }) => {
  let candidates: RestBlock[] = [];
  let latestPaired = 0;
  for (const block of blocks) {
    if (block.resetsShift) {
      candidates = [];
      latestPaired = 0;
      continue;
    }
    if (!isSplitCandidate(block)) continue;
    const partners = candidates.slice(latestPaired).filter((candidate) => formsSplitPair(candidate, block));
    candidates.push(block);
    if (partners.length === 0) continue;
    pair(partners.length === 1 ? partners[0] : bestPartner({ partners, second: block, evaluator }), block);
    latestPaired = candidates.length - 1;
  }
};
