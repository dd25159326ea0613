import { formsSplitPair, isSplitCandidate, type RestBlock } from "./rest-blocks";
import { HOUR_MS, MINUTE_MS, clamp } from "./rules";
import type { ShiftState } from "./shift-replay";
import type { HosViolation } from "./types";

/** Segments [from, to) of the timeline, `from` being the first of a shift. */
type SegmentRange = { from: number; to: number };

/** The shift rules replayed over a range of segments with the blocks as currently paired. */
export type ShiftEvaluator = (range: SegmentRange) => { violations: readonly HosViolation[]; state: ShiftState };

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
const bestOption = ({ options, second, shift, evaluator }: { options: PairingOption[]; second: RestBlock; shift: SegmentRange; evaluator: ShiftEvaluator }) => {
  let best: { option: PairingOption; rank: number[] } | null = null;
  for (const option of options) {
    const undo = apply(option, second);
    // Only this shift's violations can differ between options; the time left is read right after the period.
    const rank = rankOf(evaluator(shift).violations, evaluator({ from: shift.from, to: second.lastSegmentIndex + 1 }).state);
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
export const pairSplitPeriods = ({ blocks, segmentCount, evaluator }: { blocks: readonly RestBlock[]; segmentCount: number; evaluator: ShiftEvaluator }) => {
  const shiftEnds: number[] = [];
  for (let index = blocks.length - 1, end = segmentCount; index >= 0; index--) {
    if (blocks[index].resetsShift) end = blocks[index].lastSegmentIndex + 1;
    shiftEnds[index] = end;
  }
  let candidates: RestBlock[] = [];
  let latestPaired = 0;
  let shiftStart = 0;
  blocks.forEach((block, index) => {
    if (!block.resetsShift && !isSplitCandidate(block)) return;
    const fresh = candidates
      .slice(latestPaired)
      .filter((candidate) => formsSplitPair(candidate, block))
      .reverse()
      .map((partner): PairingOption => ({ partner, replaces: null }));
    // Taking over serves a new calculation point; a reset needs none, and keeping the latest pair keeps it out of the window.
    const latest = block.resetsShift ? undefined : candidates[latestPaired];
    const takeover =
      latest?.pairedWith && formsSplitPair(latest.pairedWith, block)
        ? [
            { partner: null, replaces: null },
            { partner: latest.pairedWith, replaces: latest },
          ]
        : [];
    const options = [...fresh, ...takeover];
    // The shift around this period: from the end of the reset before it to the end of the next one.
    const shift = { from: shiftStart, to: shiftEnds[index] };
    if (options.length > 0) apply(options.length === 1 ? options[0] : bestOption({ options, second: block, shift, evaluator }), block);
    if (block.resetsShift) {
      candidates = [];
      latestPaired = 0;
      shiftStart = block.lastSegmentIndex + 1;
      return;
    }
    candidates.push(block);
    if (block.pairedWith) latestPaired = candidates.length - 1;
  });
};
