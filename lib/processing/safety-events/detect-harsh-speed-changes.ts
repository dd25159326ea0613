import { distanceMeters } from "@/lib/platform/geo/distance";

/** A fix as the detector reads it; `speed` in m/s, NaN or null when the fix has none. */
export type SpeedPoint = { time: Date; latitude: number; longitude: number; speed: number | null };

/** The kinds speed changes tell (a turn or a crash they do not). */
export const COMPUTED_KINDS = ["harshBraking", "harshAcceleration"] as const;

export type SpeedChangeEvent = {
  kind: (typeof COMPUTED_KINDS)[number];
  /** The fix where the speed change began: the event's time, place and speed. */
  start: SpeedPoint;
  /** The fix where it ended. */
  end: SpeedPoint;
  /** The steepest change between two of its fixes, g. */
  peakG: number;
};

const G = 9.80665;

/**
 * When two consecutive fixes make a harsh event (docs/decisions.md, "The harsh-event alert and computed harsh
 * events"): GPS speed over 1 to 3 s (closer fixes are mostly speed noise; further ones average the change away and
 * are gaps, not events), a change of at least 3 m/s, and fixes whose distance agrees with their speeds (else one of
 * them is a glitch: a speed jump when the fix is acquired, a position jump). Beyond 1.2 g a change is no driving.
 */
export const HARSH_SPEED_CHANGE = {
  brakingG: 0.4,
  accelerationG: 0.3,
  minIntervalMs: 1_000,
  maxIntervalMs: 3_000,
  minSpeedChange: 3,
  /** The fixes' distance over their interval may differ from their mean speed by this (m/s), or this share of it when more. */
  displacementTolerance: 5,
  displacementShare: 0.35,
  maxG: 1.2,
} as const;

/**
 * How far before a window's first fix the context that decides its changes reaches: a harsh change lasts a few
 * seconds (0.3 g takes 12 s to stop from 35 m/s), so a change and the fixes on either side of it fit in this.
 */
export const CONTEXT_MS = 30_000;

const speedOf = (point: SpeedPoint) => (point.speed === null || Number.isNaN(point.speed) ? null : point.speed);

/** The acceleration between two consecutive fixes in g (negative: braking), 0 for a change too small to tell, null when the pair says nothing. */
const pairG = (a: SpeedPoint, b: SpeedPoint): number | null => {
  const { minIntervalMs, maxIntervalMs, minSpeedChange, displacementTolerance, displacementShare, maxG } = HARSH_SPEED_CHANGE;
  const ms = b.time.getTime() - a.time.getTime();
  const from = speedOf(a);
  const to = speedOf(b);
  if (ms < minIntervalMs || ms > maxIntervalMs || from === null || to === null) return null;
  if (Math.abs(to - from) < minSpeedChange) return 0;
  const seconds = ms / 1000;
  const mean = (from + to) / 2;
  if (Math.abs(distanceMeters(a, b) / seconds - mean) > Math.max(displacementTolerance, displacementShare * mean)) return null;
  const g = (to - from) / seconds / G;
  return Math.abs(g) > maxG ? null : g;
};

type Kind = SpeedChangeEvent["kind"];
const kindOf = (g: number | null): Kind | null =>
  g === null ? null : g <= -HARSH_SPEED_CHANGE.brakingG ? "harshBraking" : g >= HARSH_SPEED_CHANGE.accelerationG ? "harshAcceleration" : null;

/**
 * Whether a vehicle's last two stored fixes are all the context its window needs: when neither their pair nor the
 * one they make with the window's first fix is harsh, no change reaching back further can end in the window.
 */
export const contextIsEnough = (lastTwo: readonly SpeedPoint[], first: SpeedPoint) => {
  const all = [...lastTwo, first];
  for (let i = 0; i + 1 < all.length; i++) if (kindOf(pairG(all[i], all[i + 1]))) return false;
  return true;
};

/**
 * The harsh speed changes among a vehicle's fixes (time order): consecutive pairs over the threshold of one kind
 * make one change, at the fix where it began. A change right before or after one of the other kind is a speed
 * reading that jumped and came back (one bad fix), not driving: left out. So a change is known only once the fix
 * after it is: it is found with that fix. `context` is the fixes stored in the CONTEXT_MS before `points`: a change
 * whose next fix is among them was found before, so each change is found once, in whichever window brings the fix
 * after it, at the same time and place whatever the windows. Pure.
 */
export const detectHarshSpeedChanges = ({ context, points }: { context: readonly SpeedPoint[]; points: readonly SpeedPoint[] }) => {
  const all = [...context, ...points];
  // kinds[i]: the pair of fixes i and i + 1.
  const kinds: (Kind | null)[] = [];
  const gs: number[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const g = pairG(all[i], all[i + 1]);
    kinds.push(kindOf(g));
    gs.push(Math.abs(g ?? 0));
  }
  const events: SpeedChangeEvent[] = [];
  for (let first = 0; first < kinds.length; first++) {
    const kind = kinds[first];
    if (!kind || kinds[first - 1] === kind) continue;
    let last = first;
    while (kinds[last + 1] === kind) last++;
    // The fix after the change (last + 2) must exist, and be new in this window.
    const next = last + 2;
    if (next >= all.length || next < context.length) continue;
    const opposite = kind === "harshBraking" ? "harshAcceleration" : "harshBraking";
    if (kinds[first - 1] === opposite || kinds[last + 1] === opposite) continue;
    const peakG = Math.max(...gs.slice(first, last + 1));
    events.push({ kind, start: all[first], end: all[last + 1], peakG: Math.round(peakG * 100) / 100 });
  }
  return events;
};
