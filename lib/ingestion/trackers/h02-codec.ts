import { FrameError } from "./frame-reader";
import { decodeH02Binary, h02BinaryFrameLength } from "./h02-binary";
import { readH02Status, type H02Message } from "./h02-message";
import { decimal, delimitedFrameLength, frameText, KMH_PER_KNOT, parseDegreesMinutes, timeOfDay, utcDate } from "./text-frames";
import type { TrackerRecord } from "./tracker-record";

export type { H02Alarm, H02Message } from "./h02-message";

/**
 * H02 (Sinotrack, `*HQ` devices). A connection may mix binary `$` records (h02-binary.ts) with the text form:
 * `*XX,<device id>,<type>,<fields>#` in ASCII, where XX is the maker's code (HQ, TH…). Position types (V1, the V4 answer to a command, and the V2/V5/V6/V8/
 * V19/VI1 variants) carry `hhmmss` (UTC), validity (A/V, or a coding-scheme digit), latitude and
 * longitude in degrees and minutes with their hemispheres, speed in knots, course, `ddmmyy` and 32
 * status bits. NBR (cells) and LINK (link check) carry the time, date and status bits without a
 * fix; HTBT and V0 are heartbeats.
 */
const MAX_H02_LENGTH = 2_048;
const HASH = 0x23;

/**
 * The byte length of the frame at the start of `buffer` (a text frame through its `#`, a binary record by its
 * form's lengths), or null while it has not all arrived. Line ends after a `#` are a frame of their own (empty), so that none is left waiting
 * for the next message (a half-received frame has the frame timeout, a device between messages the idle one).
 */
export const h02FrameLength = (buffer: Buffer): number | null => {
  const start = buffer.findIndex((byte) => byte !== 0x0d && byte !== 0x0a);
  if (start < 0) return buffer.length > 0 ? buffer.length : null;
  if (start > 0) return start;
  if (buffer[start] === 0x24 || buffer[start] === 0x58) return h02BinaryFrameLength(buffer);
  if (buffer[start] !== 0x2a) throw new FrameError("frame does not start with *, $ or X");
  return delimitedFrameLength(buffer, [HASH], MAX_H02_LENGTH);
};

/** The 32 status bits, written as 8 hex digits. */
const readStatus = (value: string | undefined) => (value !== undefined && /^[0-9a-fA-F]{8}$/.test(value) ? readH02Status(Number.parseInt(value, 16)) : null);

/** `hhmmss` and `ddmmyy` as a UTC instant; `now` when the device has no date (no fix yet). */
const readTime = (time: string, date: string, now: Date) => {
  // Devices that never had a fix write no date, or zeros.
  if (date === "" || date === "000000") return now;
  const clock = timeOfDay(time);
  const day = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  if (!clock || !day) throw new FrameError("invalid date or time");
  return utcDate(Number(day[3]), Number(day[2]), Number(day[1]), clock.hour, clock.minute, clock.second);
};

const NO_FIX_TYPES = ["NBR", "LINK", "V3"];

/**
 * The position fields from `fields[at]` (the time) on: time, validity, latitude, N/S, longitude, E/W,
 * speed, course, then the date and the status bits (a battery field may sit before the date).
 */
const readPosition = (fields: string[], at: number, now: Date) => {
  const [time, validity, latitude, north, longitude, east, speed, course] = fields.slice(at, at + 8);
  if (course === undefined) throw new FrameError("position truncated");
  let rest = at + 8;
  if (/^\d+$/.test(fields[rest] ?? "") && fields[rest].length !== 6) rest += 1; // battery
  const date = fields[rest] ?? "";
  const status = readStatus(fields[rest + 1]);
  const hemispheres = /^[NS]$/.test(north) && /^[EW]$/.test(east);
  const lat = hemispheres ? parseDegreesMinutes(latitude, north, 90) : null;
  const lon = hemispheres ? parseDegreesMinutes(longitude, east, 180) : null;
  // "A" is a fix; "V" none; some firmware writes a coding-scheme digit there, with a fix.
  const valid = validity === "A" || /^\d+$/.test(validity);
  const knots = decimal(speed) ?? 0;
  const heading = decimal(course) ?? 0;
  if (knots < 0 || heading < 0 || heading > 360) throw new FrameError("speed or course out of range");
  const record: TrackerRecord = {
    time: readTime(time, date, now),
    fix: valid && lat !== null && lon !== null ? { latitude: lat, longitude: lon, speedKmh: knots * KMH_PER_KNOT, heading } : undefined,
    io: status ? { ignition: status.ignition } : {},
  };
  return { record, alarms: status?.alarms ?? [] };
};

/** NBR, LINK and V3 messages: the time after the type, the date and status bits at their end; no fix. */
const readStatusOnly = (kind: string, fields: string[], now: Date) => {
  const last = fields.length - 1;
  // V3 and NBR may end with a field after the status (a count); LINK ends with the status.
  const statusAt = /^[0-9a-fA-F]{8}$/.test(fields[last]) ? last : last - 1;
  const status = readStatus(fields[statusAt]);
  if (!status) throw new FrameError(`${kind} without status bits`);
  // Some firmware writes impossible seconds (`160169`) here; with no fix to date, the arrival time serves.
  let time = now;
  try {
    time = readTime(fields[3] ?? "", fields[statusAt - 1] ?? "", now);
  } catch (error) {
    if (!(error instanceof FrameError)) throw error;
  }
  const record: TrackerRecord = { time, io: { ignition: status.ignition } };
  return { record, alarms: status.alarms };
};

/** The message of one complete frame (as framed by `h02FrameLength`). */
export const decodeH02Frame = (frame: Buffer, now = new Date()): H02Message => {
  if (frame[0] === 0x24 || frame[0] === 0x58) return decodeH02Binary(frame, now);
  const text = frameText(frame).trim();
  if (text === "") return { type: "empty" };
  if (!/^\*[A-Za-z]{2},.*#$/s.test(text)) throw new FrameError("frame is not *XX,…#");
  const fields = text.slice(1, -1).split(",");
  const imei = fields[1];
  const kind = (fields[2] ?? "").toUpperCase();
  if (!/^\d{6,20}$/.test(imei)) throw new FrameError("device id is not 6 to 20 digits");
  if (kind === "HTBT" || kind === "V0") return { type: "heartbeat", imei, kind };
  if (NO_FIX_TYPES.includes(kind)) return { type: "status", imei, kind, ...readStatusOnly(kind, fields, now) };
  if (kind === "V4") {
    // An answer to a command: the command, its result words, then the time sent and the position.
    const positionAt = fields.findIndex((field, index) => index > 4 && timeOfDay(fields[index - 1]) !== null && /^([AV]|\d)$/.test(field));
    if (positionAt < 0) return { type: "other", imei, kind };
    return { type: "position", imei, kind, ...readPosition(fields, positionAt - 1, now) };
  }
  if (/^V(I?\d+)$/.test(kind) && kind !== "V3") return { type: "position", imei, kind, ...readPosition(fields, 3, now) };
  return { type: "other", imei, kind };
};

/** `YYYYMMDDhhmmss`, as H02 answers carry the server's time. */
const stamp = (now: Date) => now.toISOString().replace(/\D/g, "").slice(0, 14);

/**
 * The server's answer to a message, or null when the protocol has none: V1 positions and NBR are
 * answered `*HQ,<id>,V4,<type>,<time>#`, heartbeats are echoed (`*HQ,<id>,HTBT#`); binary records have none.
 */
export const h02Answer = (message: H02Message, now = new Date()): string | null => {
  if (message.type === "empty") return null;
  if (message.type === "heartbeat") return `*HQ,${message.imei},${message.kind}#`;
  if (message.kind === "V1" || message.kind === "NBR") return `*HQ,${message.imei},V4,${message.kind},${stamp(now)}#`;
  return null;
};
