import type { HosClocks, HosRuleset } from "@/lib/hos/rules";

const HOUR = 3_600_000;

export const HOS_CLOCKS = [
  { key: "drive", label: "Drive", field: "driveRemainingMs" },
  { key: "shift", label: "Shift", field: "shiftRemainingMs" },
  { key: "break", label: "Break", field: "timeUntilBreakMs" },
  { key: "cycle", label: "Cycle", field: "cycleRemainingMs" },
] as const satisfies readonly { key: string; label: string; field: keyof HosClocks }[];

export type HosClockKey = (typeof HOS_CLOCKS)[number]["key"];
export type HosSortKey = HosClockKey | "name";

/** The full length of each clock's bar (49 CFR 395.3; adverse driving can start a clock above it, the bar then shows full). */
export const getClockLimitMs = (key: HosClockKey, ruleset: HosRuleset): number =>
  ({ drive: 11 * HOUR, shift: 14 * HOUR, break: 8 * HOUR, cycle: (ruleset === "us60_7" ? 60 : 70) * HOUR })[key];

export const parseHosSort = (value: string | undefined): HosSortKey =>
  ["drive", "shift", "break", "cycle", "name"].includes(value ?? "") ? (value as HosSortKey) : "drive";

/** Rows with the least time left on the chosen clock first (ties by name), or by name. */
export const sortHosBoard = <T extends { name: string; clocks: HosClocks }>(rows: T[], sort: HosSortKey): T[] => {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  if (sort === "name") return [...rows].sort(byName);
  const field = HOS_CLOCKS.find((clock) => clock.key === sort)!.field;
  return [...rows].sort((a, b) => a.clocks[field] - b.clocks[field] || byName(a, b));
};

/**
 * Whether a driver may not drive now: no drive, shift or cycle time left (the red clocks of the board).
 * The summary card counts these, so it agrees with what the table shows.
 */
export const isOutOfTime = (clocks: HosClocks): boolean => clocks.driveRemainingMs <= 0 || clocks.shiftRemainingMs <= 0 || clocks.cycleRemainingMs <= 0;
