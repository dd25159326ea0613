import type { HosViolation, HosViolationType } from "./types";

/**
 * Collects violations of one type: driving past a limit. Over-limit driving continues the open violation until the
 * driver drives again with the clock back under the limit (after a reset, break or split pair).
 */
export const createViolationTracker = (type: HosViolationType) => {
  const violations: HosViolation[] = [];
  let open: HosViolation | null = null;

  /** A driving stretch of `durationMs` from `startMs` with `usedMs` already counted against `limitMs`. */
  const recordDriving = ({ startMs, durationMs, usedMs, limitMs }: { startMs: number; durationMs: number; usedMs: number; limitMs: number }) => {
    if (usedMs < limitMs) open = null;
    const overMs = usedMs + durationMs - Math.max(usedMs, limitMs);
    if (overMs <= 0) return;
    if (open) {
      open.durationMs += overMs;
      return;
    }
    open = { type, startTime: new Date(startMs + Math.max(0, limitMs - usedMs)), durationMs: overMs };
    violations.push(open);
  };

  return { recordDriving, violations };
};
