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

/**
 * One way to treat a rest period that can complete a pair: pair it with `partner` (undoing the latest pair,
 * `replaces`, when the partner is that pair's first period), or leave it unpaired (`partner` null).
 */
type PairingOption = { partner: RestBlock | null; replaces: RestBlock | null };

/** Applies an option and returns how to undo it. */
const apply = ({ partner, replaces }: PairingOption, second: RestBlock) => {
  const before = [partner, second, replaces].map((block) => block && { block, isSplitPeriod: block.isSplitPeriod, pairedWith: block.pairedWith });
  if (replaces) {
    replaces.isSplitPeriod = false;
    replaces.pairedWith = null;
  }
  if (partner) {
    partner.isSplitPeriod = true;
    second.isSplitPeriod = !second.resetsShift;
    second.pairedWith = partner;
  }
  return () => {
    for (const saved of before.reverse()) if (saved) Object.assign(saved.block, { isSplitPeriod: saved.isSplitPeriod, pairedWith: saved.pairedWith });
  };
};

/** The option FMCSA's FAQ 4 prefers; ties go to the earlier option in the list. */
const bestOption = ({ options, second, evaluator }: { options: PairingOption[]; second: RestBlock; evaluator: ShiftEvaluator }) => {
  let best: { option: PairingOption; rank: number[] } | null = null;
  for (const option of options) {
    const undo = apply(option, second);
    const rank = rankOf(evaluator.violations(), evaluator.stateAfter(second.lastSegmentIndex));
    undo();
    if (!best || isBetter(rank, best.rank)) best = { option, rank };
  }
  return best!.option;
};

/**
 * Pairs split-sleeper periods (395.1(g)(1)(ii)) in time order, with hindsight over the log. A period of 2 to 10 hours
 * pairs with an earlier one of the same shift — not only its neighbour: shorter rest in between counts in the window —
 * from the latest paired period onwards (which may pair again: pairs chain), or takes over the latest pair's first
 * period. A 10-hour reset is the ≥ 2 h partner of a berth period before it, or the berth partner of a 2 h period
 * (395.1(g)(1)(i); FMCSA 2020 FAQ 8), which keeps that period out of the ending shift's window. When several
 * pairings are possible, the one with no or the fewest violations wins, then the one leaving the most time (FAQ 4).
 */
export const pairSplitPeriods = ({ blocks, evaluator }: { blocks: readonly RestBlock[]; evaluator: ShiftEvaluator }) => {
  let candidates: RestBlock[] = [];
  let latestPaired = 0;
  for (const block of blocks) {
    if (!block.resetsShift && !isSplitCandidate(block)) continue;
    const fresh = candidates
      .slice(latestPaired)
      .filter((candidate) => formsSplitPair(candidate, block))
      .reverse()
      .map((partner): PairingOption => ({ partner, replaces: null }));
    // Taking over serves a new calculation point; a reset needs none, and keeping the latest pair keeps it out of the window.
    const latest = block.resetsShift ? undefined : candidates[latestPaired];
    const takeover = latest?.pairedWith && formsSplitPair(latest.pairedWith, block) ? [{ partner: null, replaces: null }, { partner: latest.pairedWith, replaces: latest }] : [];
    const options = [...fresh, ...takeover];
    if (options.length > 0) apply(options.length === 1 ? options[0] : bestOption({ options, second: block, evaluator }), block);
    if (block.resetsShift) {
      candidates = [];
      latestPaired = 0;
      continue;
    }
    candidates.push(block);
    if (block.pairedWith) latestPaired = candidates.length - 1;
  }
};
