import type { DistanceUnit } from "@/db/schema";

/**
 * The one place a distance, speed, volume or fuel economy becomes text for people. The API and the
 * database speak meters, m/s and liters; the company's distance unit (Company settings) decides
 * the rest: km goes with km/h, liters and L/100 km; mi with mph, US gallons and mpg. Pages, the
 * logbook, exports, report mails and place names ("3 km NW of Potsdam") all format through here.
 */
export type { DistanceUnit };

const METERS_PER_MILE = 1609.344;
const LITERS_PER_US_GALLON = 3.785411784;

/** Meters in one of each distance unit (a distance typed in the company's unit, stored in meters). */
export const METERS_PER_UNIT: Record<DistanceUnit, number> = { km: 1000, mi: METERS_PER_MILE };
export const DISTANCE_UNIT_LABELS: Record<DistanceUnit, "km" | "mi"> = { km: "km", mi: "mi" };
export const SPEED_UNIT_LABELS: Record<DistanceUnit, "km/h" | "mph"> = { km: "km/h", mi: "mph" };
export const VOLUME_UNIT_LABELS: Record<DistanceUnit, "L" | "gal"> = { km: "L", mi: "gal" };
export const FUEL_ECONOMY_LABELS: Record<DistanceUnit, "L/100 km" | "mpg"> = { km: "L/100 km", mi: "mpg" };

/** A unit from anywhere (a stored value, a hand-edited row): anything but "mi" is metric. */
export const toDistanceUnit = (value: unknown): DistanceUnit => (value === "mi" ? "mi" : "km");

export const convertSpeed = (metersPerSecond: number, unit: DistanceUnit) =>
  unit === "km" ? metersPerSecond * 3.6 : (metersPerSecond * 3600) / METERS_PER_MILE;
export const convertDistance = (meters: number, unit: DistanceUnit) => (unit === "km" ? meters / 1000 : meters / METERS_PER_MILE);
export const convertVolume = (liters: number, unit: DistanceUnit) => (unit === "km" ? liters : liters / LITERS_PER_US_GALLON);
/** L/100 km or miles per US gallon; null when nothing was driven or burnt. */
export const convertFuelEconomy = (meters: number, liters: number, unit: DistanceUnit) => {
  if (meters <= 0 || liters <= 0) return null;
  return unit === "km" ? (liters / (meters / 1000)) * 100 : convertDistance(meters, "mi") / convertVolume(liters, "mi");
};

const number = (value: number, digits: number) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const formatSpeed = (metersPerSecond: number | null | undefined, unit: DistanceUnit) =>
  metersPerSecond == null ? "—" : `${Math.round(convertSpeed(metersPerSecond, unit))} ${SPEED_UNIT_LABELS[unit]}`;

export const formatDistance = (meters: number | null | undefined, unit: DistanceUnit, digits = 1) =>
  meters == null ? "—" : `${number(convertDistance(meters, unit), digits)} ${DISTANCE_UNIT_LABELS[unit]}`;

export const formatVolume = (liters: number | null | undefined, unit: DistanceUnit, digits = 1) =>
  liters == null ? "—" : `${number(convertVolume(liters, unit), digits)} ${VOLUME_UNIT_LABELS[unit]}`;

export const formatFuelEconomy = (meters: number | null | undefined, liters: number | null | undefined, unit: DistanceUnit) => {
  const economy = meters == null || liters == null ? null : convertFuelEconomy(meters, liters, unit);
  return economy === null ? "—" : `${number(economy, 1)} ${FUEL_ECONOMY_LABELS[unit]}`;
};

/**
 * A place's distance and direction from a town, as the ELD rule words a location (49 CFR 395.26(d)):
 * the town alone within one unit, else "3 km NW of Potsdam, DE" ("3 mi NW of Joliet, IL").
 */
export const formatOffsetFrom = ({ meters, direction, place, unit }: { meters: number; direction: string; place: string; unit: DistanceUnit }) => {
  const amount = convertDistance(meters, unit);
  return amount < 1 ? place : `${Math.round(amount)} ${DISTANCE_UNIT_LABELS[unit]} ${direction} of ${place}`;
};

export const formatDuration = (ms: number) => {
  const totalMinutes = Math.round(ms / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours} h ${String(minutes).padStart(2, "0")} min` : `${minutes} min`;
};
