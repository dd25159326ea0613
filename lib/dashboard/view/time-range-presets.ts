import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";

export const RANGE_PRESETS = ["last24", "today", "yesterday", "last7"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_PRESET_LABELS: Record<RangePreset, string> = { last24: "Last 24 hours", today: "Today", yesterday: "Yesterday", last7: "Last 7 days" };
/** What playback and stats open on: a recently moving vehicle has data in it at any hour (today may be minutes old). */
export const DEFAULT_RANGE_PRESET: RangePreset = "last24";

/** Longest range the history endpoints serve. */
export const MAX_RANGE_MS = 35 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type IsoRange = { from: string; to: string };

/** A preset as an ISO range, with days in the company's `timeZone`. */
export const presetRange = (preset: RangePreset, now: Date, timeZone: string): IsoRange => {
  const today = fromLocalInput(dayInZone(now, timeZone), timeZone);
  if (preset === "today") return { from: today.toISOString(), to: now.toISOString() };
  if (preset === "yesterday") {
    // Noon yesterday is in yesterday whatever a DST change did to its length.
    const yesterday = fromLocalInput(dayInZone(today.getTime() - 12 * HOUR_MS, timeZone), timeZone);
    return { from: yesterday.toISOString(), to: today.toISOString() };
  }
  const hours = preset === "last24" ? 24 : 7 * 24;
  return { from: new Date(now.getTime() - hours * HOUR_MS).toISOString(), to: now.toISOString() };
};

/** Why a custom range cannot be used, or null when it can. */
export const checkRange = ({ from, to }: IsoRange): string | null => {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (Number.isNaN(start) || Number.isNaN(end)) return "Pick a start and an end.";
  if (end <= start) return "The end must be after the start.";
  if (end - start > MAX_RANGE_MS) return "A range can span at most 35 days.";
  return null;
};
