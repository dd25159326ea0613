/** How urgent an HOS clock is: amber under one hour left, red when none is left. */
export type ClockLevel = "ok" | "warning" | "exhausted";

export const CLOCK_WARNING_MS = 60 * 60 * 1000;

export const getClockLevel = (remainingMs: number): ClockLevel => {
  if (remainingMs <= 0) return "exhausted";
  if (remainingMs < CLOCK_WARNING_MS) return "warning";
  return "ok";
};

/** Share of the limit still available, in [0, 1], for the width of a clock bar. */
export const getClockFraction = (remainingMs: number, limitMs: number): number => (limitMs <= 0 ? 0 : Math.min(1, Math.max(0, remainingMs / limitMs)));

/** "7h 05m", "45m", "0m": how ELDs show remaining time. */
export const formatDuration = (ms: number): string => {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}h ${String(minutes).padStart(2, "0")}m` : `${minutes}m`;
};
