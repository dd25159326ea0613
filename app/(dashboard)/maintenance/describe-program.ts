import type { VehicleMaintenanceRow } from "@/lib/processing/maintenance";
import { formatDistance, type DistanceUnit } from "@/lib/platform/units";
import { formatDate } from "@/lib/platform/zoned-time";

type Intervals = { intervalMeters: number | null; intervalEngineHours: number | null; intervalMonths: number | null };

/** "25,000 km / 500 h / 6 months": a program's intervals, whichever comes first. */
export const describeIntervals = (program: Intervals, unit: DistanceUnit) =>
  [
    program.intervalMeters !== null ? formatDistance(program.intervalMeters, unit, 0) : null,
    program.intervalEngineHours !== null ? `${program.intervalEngineHours.toLocaleString("en-US")} h` : null,
    program.intervalMonths !== null ? `${program.intervalMonths} month${program.intervalMonths === 1 ? "" : "s"}` : null,
  ]
    .filter(Boolean)
    .join(" / ");

/** Where the next service falls: at an odometer reading, engine hours or a date, whichever are set. */
export const describeNextDue = (row: VehicleMaintenanceRow, unit: DistanceUnit, timeZone: string) =>
  [
    row.dueOdometerMeters !== null ? `at ${formatDistance(row.dueOdometerMeters, unit, 0)}` : null,
    row.dueEngineHours !== null ? `at ${Math.round(row.dueEngineHours).toLocaleString("en-US")} h` : null,
    row.dueAt !== null ? `by ${formatDate(row.dueAt, timeZone)}` : null,
  ]
    .filter(Boolean)
    .join(", ") || "when its readings are known";
