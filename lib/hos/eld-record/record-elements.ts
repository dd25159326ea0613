import { isoInZone } from "@/lib/platform/zoned-time";
import { eventDataCheckValue } from "./check-values";

/** A position: conventional precision (two decimals) unless the event is in personal conveyance (4.7.3: one). */
export type EldPosition = { latitude: number; longitude: number };

/** What an event record's check value and its file fields are made of (Appendix A 4.4.5.1.1, 4.8.2.1.4). */
export type RecordElements = {
  type: number;
  code: number;
  at: Date;
  /** Reduced precision (personal conveyance): one decimal, and no miles or engine hours but on a type 6 record (4.7.3). */
  reducedPrecision: boolean;
  /** Accumulated miles and elapsed engine hours in the ignition cycle (a type 6 record's totals); null: not known (left blank). */
  accumulatedMiles: number | null;
  elapsedEngineHours: number | null;
  position: EldPosition | null;
  /** The place in words the driver entered (a manual location: latitude and longitude are then "M"). */
  locationDescription: string;
  /** 7.9: whole miles driven since the last valid coordinates, for a record without them; null: not known. */
  distanceSinceLastValidCoordinates: number | null;
};

/** The unidentified driver profile's username (4.1.5). */
export const UNIDENTIFIED_USERNAME = "unidentified";

/**
 * A field as the file may carry it (4.8.2.1(b)): ASCII only (accents dropped, anything else left out),
 * a comma or a line break becomes ";", cut to the element's length.
 */
export const eldText = (value: string, maxLength = 120) =>
  value
    .normalize("NFKD")
    .replace(/[,\r\n]/g, ";")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, maxLength);

export const pad2 = (value: number) => String(value).padStart(2, "0");

/** MMDDYY and HHMMSS on the home terminal's wall clock (7.8, 7.40), and its offset from UTC in hours without sign (7.41). */
export const homeTerminalClock = (at: Date, timeZone: string) => {
  const iso = isoInZone(at, timeZone); // 2026-11-21T14:05:09-06:00
  const offsetHours = Math.abs(Number(iso.slice(19, 22)));
  return {
    date: `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(2, 4)}`,
    time: `${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`,
    offset: pad2(offsetHours),
  };
};

export const miles = (value: number | null) => (value === null ? "" : String(Math.max(0, Math.round(value))));
export const hours = (value: number | null) => (value === null ? "" : Math.max(0, value).toFixed(1));

/** 7.31, 7.33: two decimals, one in reduced precision; "M" where the driver entered the place in words, "X" where no position is known. */
export const coordinates = (position: EldPosition | null, reduced: boolean, manual: boolean): [string, string] => {
  if (!position) return manual ? ["M", "M"] : ["X", "X"];
  const digits = reduced ? 1 : 2;
  const format = (value: number) => {
    const text = value.toFixed(digits);
    return text === (0).toFixed(digits) || text === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : text;
  };
  return [format(position.latitude), format(position.longitude)];
};

/**
 * A record's elements as the file shows them, and its event data check value over the elements 4.4.5.1.1 lists
 * (type, code, date, time, miles, engine hours, latitude, longitude, the CMV's power unit number, the username).
 */
export const eventRecordElements = ({
  event,
  timeZone,
  powerUnitNumber,
  username,
}: {
  event: RecordElements;
  timeZone: string;
  powerUnitNumber: string;
  username: string;
}) => {
  const { date, time } = homeTerminalClock(event.at, timeZone);
  const reduced = event.reducedPrecision;
  // 4.7.3(b)(2): no miles or engine hours in personal conveyance, except on an engine power-up or shut-down (type 6).
  const omitted = reduced && event.type !== 6;
  const vehicleMiles = omitted ? "" : miles(event.accumulatedMiles);
  const engineHours = omitted ? "" : hours(event.elapsedEngineHours);
  const [latitude, longitude] = coordinates(event.position, reduced, event.locationDescription !== "");
  const check = eventDataCheckValue([
    String(event.type),
    String(event.code),
    date,
    time,
    vehicleMiles,
    engineHours,
    latitude,
    longitude,
    powerUnitNumber,
    username,
  ]);
  // 7.9: 0 at a fix; without one, the miles since the last valid coordinates where known.
  const distance = event.position ? "0" : miles(event.distanceSinceLastValidCoordinates);
  return { date, time, vehicleMiles, engineHours, latitude, longitude, distance, check };
};

/** 7.4: the power unit number as set, else the vehicle's name when it fits, else its first 10 letters and digits. */
export const powerUnitNumberOf = (vehicle: { powerUnitNumber: string; name: string }) => {
  if (vehicle.powerUnitNumber.trim()) return vehicle.powerUnitNumber.trim().slice(0, 10);
  const name = eldText(vehicle.name);
  return name.length <= 10 ? name : name.replace(/[^A-Za-z0-9]/g, "").slice(0, 10);
};
