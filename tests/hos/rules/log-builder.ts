import type { DutyStatus, DutyStatusEntry } from "@/lib/hos/rules";

/** "7h", "30m", "1h30m", "33h59m" → milliseconds. */
export const dur = (text: string) => {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(text);
  if (!match || text === "") throw new Error(`Bad duration "${text}"`);
  return (Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60_000;
};

export type Step = [DutyStatus, string] | [DutyStatus, string, Partial<DutyStatusEntry>];

/** `count` copies of a sequence of steps, e.g. one working day. */
export const repeat = (count: number, ...steps: Step[]): Step[] => Array.from({ length: count }, () => steps).flat();

/** A log of consecutive statuses from `start`; `end` is when the last step ends (use it as the horizon). */
export const seq = (start: string, ...steps: Step[]) => {
  let cursorMs = Date.parse(start);
  const log: DutyStatusEntry[] = steps.map(([status, length, extra]) => {
    const entry: DutyStatusEntry = { status, startTime: new Date(cursorMs), ...extra };
    cursorMs += dur(length);
    return entry;
  });
  return { log, start: new Date(Date.parse(start)), end: new Date(cursorMs) };
};
