import { convertDistance, convertSpeed, DISTANCE_UNIT_LABELS, SPEED_UNIT_LABELS, type SpeedUnit } from "@/lib/dashboard/units";
import type { StatSeriesName } from "@/lib/dashboard-data/types";

/** How each series is titled, converted from API units and labelled. */
export const seriesDisplay = (unit: SpeedUnit): Record<StatSeriesName, { title: string; unit: string; color: string; convert: (value: number) => number; digits: number }> => ({
  fuelPercent: { title: "Fuel level", unit: "%", color: "#1b7f3b", convert: (v) => v, digits: 1 },
  engineRpm: { title: "Engine RPM", unit: "rpm", color: "#7b3fe4", convert: (v) => v, digits: 0 },
  odometerMeters: { title: "Odometer", unit: DISTANCE_UNIT_LABELS[unit], color: "#0f6e8c", convert: (v) => convertDistance(v, unit), digits: 1 },
  engineSeconds: { title: "Engine hours", unit: "h", color: "#b26a00", convert: (v) => v / 3600, digits: 1 },
  speed: { title: "Speed", unit: SPEED_UNIT_LABELS[unit], color: "#1f6feb", convert: (v) => convertSpeed(v, unit), digits: 1 },
});
