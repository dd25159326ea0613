import { FrameError } from "./frame-reader";
import { readH02Status, type H02Message } from "./h02-message";
import { KMH_PER_KNOT, parseDegreesMinutes, utcDate } from "./text-frames";

/**
 * H02's binary form: a `$` record of fixed BCD fields (Traccar's H02 decoder and its test frames; no vendor document
 * was at hand): the device id (5 bytes, 10 digits; or 8 bytes, a 15-digit IMEI and a pad digit), `hhmmss` and `ddmmyy`
 * (UTC), the latitude `ddmmmmmm` (degrees, minutes with four decimals), a battery byte, the longitude `dddmmmmmm` and a
 * flags digit (bit 1: the fix is valid, bit 2: north, bit 3: east), the speed (knots) and course in three digits each,
 * then the 32 status bits of the text form. Bytes after them (a record number; cells on some models) are not read.
 * Nothing in a record gives its length: with a 10-digit id it is 32 bytes, or 45, 46 or 48 on models adding cells;
 * with an IMEI, 42. An `X` record (32 bytes) is a copy of a `$` record with another number in the id field: framed
 * and skipped, as Traccar does.
 */
const SHORT_ID_LENGTHS = [32, 45, 46, 48];
const IMEI_ID_LENGTH = 42;
const X_LENGTH = 32;
const DOLLAR = 0x24;
const X = 0x58;
/** The bytes before the status bits, after the id: time 3, date 3, latitude 4, battery 1, longitude and flags 5, speed and course 3. */
const FIELDS_BEFORE_STATUS = 19;

/** Whether `hex` holds a plausible `hhmmss` and `ddmmyy` from `at` (a date of zeros: no fix yet). */
const plausibleClock = (hex: string, at: number) => {
  const clock = /^(?:[01]\d|2[0-3])[0-5]\d[0-5]\d(\d{2})(\d{2})\d{2}$/.exec(hex.slice(at, at + 12));
  if (!clock) return false;
  const [day, month] = [Number(clock[1]), Number(clock[2])];
  return (day === 0 && month === 0) || (day >= 1 && day <= 31 && month >= 1 && month <= 12);
};

/** The id's length in bytes (5 or 8) of the `$` record at the start of `buffer`: the one a time follows; null until 15 bytes have arrived. */
const idLength = (buffer: Buffer) => {
  if (buffer.length < 15) return null;
  const hex = buffer.subarray(0, 15).toString("hex");
  if (plausibleClock(hex, 12)) return 5;
  if (plausibleClock(hex, 18)) return 8;
  throw new FrameError("binary H02 record without a time after its id");
};

/** Whether a frame begins at `at` (a text frame, a line end, or a record with its time): null while too few bytes have arrived to tell. */
const frameBeginsAt = (buffer: Buffer, at: number): boolean | null => {
  const byte = buffer[at];
  if (byte === 0x2a || byte === 0x0d || byte === 0x0a) return true;
  if (byte === X) return true;
  if (byte !== DOLLAR) return false;
  try {
    return idLength(buffer.subarray(at)) === null ? null : true;
  } catch (error) {
    if (error instanceof FrameError) return false;
    throw error;
  }
};

/**
 * The byte length of the `$` or `X` record at the start of `buffer`, or null until it is known. A record ends at the
 * first of its form's lengths where the next frame begins or where the bytes received end (a device writes a record
 * at a time): a 45-byte record whose first 32 bytes arrive alone is cut there, and what is left closes the connection.
 */
export const h02BinaryFrameLength = (buffer: Buffer): number | null => {
  if (buffer[0] === X) return buffer.length >= X_LENGTH ? X_LENGTH : null;
  const id = idLength(buffer);
  if (id === null) return null;
  for (const length of id === 5 ? SHORT_ID_LENGTHS : [IMEI_ID_LENGTH]) {
    if (buffer.length <= length) return buffer.length === length ? length : null;
    const next = frameBeginsAt(buffer, length);
    if (next === null) return null;
    if (next) return length;
  }
  throw new FrameError("binary H02 record of no known length");
};

/** The message of one binary record (as framed by `h02BinaryFrameLength`): a position, or nothing for an `X` record. */
export const decodeH02Binary = (frame: Buffer, now: Date): H02Message => {
  if (frame[0] === X) return { type: "empty" };
  const id = idLength(frame);
  if (id === null || frame.length < 1 + id + FIELDS_BEFORE_STATUS + 4) throw new FrameError("binary H02 record truncated");
  const hex = frame.toString("hex");
  const digits = (from: number, length: number) => {
    const value = hex.slice(from, from + length);
    if (!/^\d+$/.test(value)) throw new FrameError("binary H02 field is not BCD digits");
    return value;
  };
  const imei = id === 5 ? digits(2, 10) : digits(2, 15);
  const at = 2 + id * 2;
  const [time, date, latitude, longitude] = [digits(at, 6), digits(at + 6, 6), digits(at + 12, 8), digits(at + 22, 9)];
  const flags = Number.parseInt(hex[at + 31], 16);
  const [knots, course] = [Number(digits(at + 32, 3)), Number(digits(at + 35, 3))];
  if (course > 360) throw new FrameError("course out of range");
  const lat = parseDegreesMinutes(latitude, flags & 0x04 ? "N" : "S", 90)!;
  const lon = parseDegreesMinutes(longitude, flags & 0x08 ? "E" : "W", 180)!;
  const status = readH02Status(frame.readUInt32BE(1 + id + FIELDS_BEFORE_STATUS));
  const part = (from: number) => Number(time.slice(from, from + 2));
  const day = (from: number) => Number(date.slice(from, from + 2));
  return {
    type: "position",
    imei,
    kind: "binary position",
    record: {
      // A device that never had a fix writes a date of zeros: stored at its arrival, as the text form's.
      time: date === "000000" ? now : utcDate(day(4), day(2), day(0), part(0), part(2), part(4)),
      fix: flags & 0x02 ? { latitude: lat, longitude: lon, speedKmh: knots * KMH_PER_KNOT, heading: course } : undefined,
      io: { ignition: status.ignition },
    },
    alarms: status.alarms,
  };
};
