import { FrameError } from "./frame-reader";
import { decimal, utcDate } from "./text-frames";

/**
 * The fields every Queclink @Track report shares: its GPS blocks (`<accuracy>,<km/h>,<azimuth>,
 * <altitude>,<longitude>,<latitude>,<UTC yyyyMMddHHmmss>,<MCC>,<MNC>,<LAC>,<cell>,<reserved>`, one or
 * more), the values after the last block, and the `yyyyMMddHHmmss` times.
 */

/** A `yyyyMMddHHmmss` field as an instant (read as UTC), or null when the field is not one. */
export const queclinkTime = (value: string | undefined): Date | null => {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? "");
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  return utcDate(year - 2000, month, day, hour, minute, second);
};

const DEGREES = /^-?\d{1,3}\.\d{1,6}$/;

/** One GPS block: where its longitude is, and the fix when the device reports one (accuracy 1–50: its HDOP; 0: the last known position, not a fix). */
export type QueclinkBlock = {
  at: number;
  fix?: { latitude: number; longitude: number; speedKmh: number; heading: number; altitude?: number; hdop: number; time: Date };
};

/**
 * The GPS blocks of a report, found by their longitude, latitude and UTC time (the fields before
 * them differ by model and message, the block does not). A block whose position is empty has no
 * fix and is found by nothing: the caller reads the report's other values.
 */
export const queclinkBlocks = (fields: string[]): QueclinkBlock[] => {
  const blocks: QueclinkBlock[] = [];
  for (let at = 5; at + 2 < fields.length; at += 1) {
    if (!DEGREES.test(fields[at]) || !DEGREES.test(fields[at + 1]) || queclinkTime(fields[at + 2]) === null) continue;
    const [longitude, latitude] = [Number(fields[at]), Number(fields[at + 1])];
    // Two decimals and a time that are not a position (a sensor's readings): not a block.
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
    const [accuracy, speed, course, altitude] = fields.slice(at - 4, at).map(decimal);
    if ((speed ?? 0) < 0 || (course ?? 0) < 0 || (course ?? 0) > 360 || (accuracy ?? 0) < 0) throw new FrameError("speed, azimuth or accuracy out of range");
    const time = queclinkTime(fields[at + 2])!;
    const fix = accuracy ? { latitude, longitude, speedKmh: speed ?? 0, heading: course ?? 0, altitude, hdop: accuracy, time } : undefined;
    blocks.push({ at, fix });
    at += 2;
  }
  return blocks;
};

/** Engine hours as the device counts them (`hhhhh:mm:ss`), in seconds. */
const hourMeter = (value: string) => {
  const parts = /^(\d{1,6}):(\d{2}):(\d{2})$/.exec(value);
  return parts ? Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3]) : undefined;
};

/** The ignition in a motion state or device status (`1x`: off, `2x`: on, `4x`: no ignition wired), or undefined. */
export const stateIgnition = (value: string | undefined) => (/^1[0-9A-F]/i.test(value ?? "") ? false : /^2[0-9A-F]/i.test(value ?? "") ? true : undefined);

/**
 * What follows the last GPS block (its cell and reserved fields skipped): the mileage (km, one
 * decimal, within the three fields after the cell), the hour meter, and the GV models' device status
 * (six hex digits, its first byte the motion state), up to the send time.
 */
export const queclinkTail = (fields: string[], lastBlockAt: number) => {
  const tail = fields.slice(lastBlockAt + 7, -2);
  const mileage = tail.slice(0, 3).find((value) => /^\d{1,7}\.\d$/.test(value));
  const hours = tail.map(hourMeter).find((value) => value !== undefined);
  const status = tail.find((value) => /^[124][0-9A-F]{5}$/.test(value));
  return {
    gpsOdometerMeters: mileage === undefined ? undefined : Math.round(Number(mileage) * 1000),
    engineSeconds: hours,
    ignition: stateIgnition(status),
  };
};
