import type { ReportFrequency } from "@/db/schema";
import { dayInZone } from "@/lib/platform/zoned-time";

const DAY_MS = 86_400_000;

/** A calendar day `days` after `isoDay` (YYYY-MM-DD; calendar days have no zone). */
const addDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The last complete period before `now` in the company's zone, as local days, both inclusive:
 * yesterday, or last week Monday to Sunday.
 */
export const lastCompletePeriod = ({ frequency, now, timeZone }: { frequency: ReportFrequency; now: Date; timeZone: string }) => {
  const today = dayInZone(now, timeZone);
  if (frequency === "daily") {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -daysSinceMonday);
  return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
};
