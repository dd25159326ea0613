export const RANGE_PRESETS = ["today", "yesterday", "last7"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_PRESET_LABELS: Record<RangePreset, string> = { today: "Today", yesterday: "Yesterday", last7: "Last 7 days" };

/** Longest range the history endpoints serve. */
export const MAX_RANGE_MS = 35 * 24 * 60 * 60 * 1000;

export type IsoRange = { from: string; to: string };

const startOfLocalDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** A preset as an ISO range, with days in the viewer's local time zone. */
export const presetRange = (preset: RangePreset, now: Date): IsoRange => {
  const today = startOfLocalDay(now);
  if (preset === "today") return { from: today.toISOString(), to: now.toISOString() };
  if (preset === "yesterday") {
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    return { from: yesterday.toISOString(), to: today.toISOString() };
  }
  return { from: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString(), to: now.toISOString() };
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
