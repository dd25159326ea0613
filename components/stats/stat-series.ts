import { convertDistance, convertSpeed, DISTANCE_UNIT_LABELS, SPEED_UNIT_LABELS, type DistanceUnit } from "@/lib/platform/units";
import type { StatSeriesName } from "@/lib/dashboard/data/types";

type SeriesDisplay = {
  title: string;
  unit: string;
  color: string;
  convert: (value: number) => number;
  digits: number;
  /** A fixed value axis; otherwise it fits the data. */
  domain?: [number, number];
};

/** How each series is titled, converted from API units and labelled. */
export const seriesDisplay = (unit: DistanceUnit): Record<StatSeriesName, SeriesDisplay> => ({
  // A tank's scale, as a gauge shows it (a fitted axis ran to 105 % and made a 2 % dip look like a drop).
  fuelPercent: { title: "Fuel level", unit: "%", color: "#1b7f3b", convert: (v) => v, digits: 1, domain: [0, 100] },
  engineRpm: { title: "Engine RPM", unit: "rpm", color: "#7b3fe4", convert: (v) => v, digits: 0 },
  odometerMeters: { title: "Odometer", unit: DISTANCE_UNIT_LABELS[unit], color: "#0f6e8c", convert: (v) => convertDistance(v, unit), digits: 1 },
  engineSeconds: { title: "Engine hours", unit: "h", color: "#b26a00", convert: (v) => v / 3600, digits: 1 },
  speed: { title: "Speed", unit: SPEED_UNIT_LABELS[unit], color: "#1f6feb", convert: (v) => convertSpeed(v, unit), digits: 1 },
});
