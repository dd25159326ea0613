import type { HosRuleset } from "./types";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** 395.3(a)(3)(i): 11 hours of driving per shift. */
export const DRIVING_LIMIT_MS = 11 * HOUR_MS;
/** 395.3(a)(2): no driving after the 14th hour since coming on duty. */
export const SHIFT_WINDOW_MS = 14 * HOUR_MS;
/** 395.1(o): the 16-hour exception's window. */
export const SIXTEEN_HOUR_WINDOW_MS = 16 * HOUR_MS;
/** 395.1(b): adverse driving conditions add up to 2 hours to both limits above. */
export const ADVERSE_EXTENSION_MS = 2 * HOUR_MS;
/** 395.3(a)(1): 10 consecutive hours off duty start a new shift. */
export const SHIFT_RESET_MS = 10 * HOUR_MS;
/** 395.3(a)(3)(ii): a 30-minute interruption is due after 8 hours of cumulative driving. */
export const DRIVING_BEFORE_BREAK_MS = 8 * HOUR_MS;
export const BREAK_MS = 30 * MINUTE_MS;
/** 395.1(g)(1)(ii): split sleeper berth periods. */
export const SPLIT_LONG_SLEEPER_MS = 7 * HOUR_MS;
export const SPLIT_SHORT_REST_MS = 2 * HOUR_MS;
/** 395.3(c): 34 consecutive hours off duty restart the cycle. */
export const CYCLE_RESTART_MS = 34 * HOUR_MS;

export type CycleRule = { limitMs: number; days: number };

/** 395.3(b)(1) and (b)(2). */
export const CYCLE_RULES: Record<HosRuleset, CycleRule> = {
  us60_7: { limitMs: 60 * HOUR_MS, days: 7 },
  us70_8: { limitMs: 70 * HOUR_MS, days: 8 },
};

export const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
