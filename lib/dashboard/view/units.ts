export const SPEED_UNITS = ["kmh", "mph"] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];

const FACTOR: Record<SpeedUnit, number> = { kmh: 3.6, mph: 2.2369362920544 };
export const SPEED_UNIT_LABELS: Record<SpeedUnit, string> = { kmh: "km/h", mph: "mph" };
const METERS_PER_MILE = 1609.344;

/** The API speaks m/s; people read km/h or mph. */
export const convertSpeed = (metersPerSecond: number, unit: SpeedUnit) => metersPerSecond * FACTOR[unit];

export const formatSpeed = (metersPerSecond: number | null | undefined, unit: SpeedUnit) =>
  metersPerSecond == null ? "—" : `${Math.round(convertSpeed(metersPerSecond, unit))} ${SPEED_UNIT_LABELS[unit]}`;

/** Distances follow the speed unit: km with km/h, miles with mph. */
export const convertDistance = (meters: number, unit: SpeedUnit) => (unit === "kmh" ? meters / 1000 : meters / METERS_PER_MILE);
export const DISTANCE_UNIT_LABELS: Record<SpeedUnit, string> = { kmh: "km", mph: "mi" };

export const formatDistance = (meters: number | null | undefined, unit: SpeedUnit, digits = 1) =>
  meters == null
    ? "—"
    : `${convertDistance(meters, unit).toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })}` +
      ` ${DISTANCE_UNIT_LABELS[unit]}`;

export const formatDuration = (ms: number) => {
  const totalMinutes = Math.round(ms / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours} h ${String(minutes).padStart(2, "0")} min` : `${minutes} min`;
};
