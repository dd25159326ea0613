import { FrameError } from "./frame-reader";
import { decimal, delimitedFrameLength, frameText, KMH_PER_KNOT, parseDegreesMinutes, timeOfDay, utcDate } from "./text-frames";
import type { TrackerRecord } from "./tracker-record";

/**
 * GPS103 (Coban TK103-2, TK102-2, GPS-103 and their clones): ASCII messages ending with `;` (older
 * firmware: a line end). The device logs in with `##,imei:<IMEI>,A;` (answered `LOAD`), sends its
 * bare IMEI as a heartbeat (answered `ON`), and reports
 * `imei:<IMEI>,<keyword>,<local yymmddhhmm[ss]>,<phone or RFID>,F|L,<UTC hhmmss.sss>,A|V,<ddmm.mmmm>,N|S,
 * <dddmm.mmmm>,E|W,<knots>,<course>[,<altitude>,<ACC 0/1>,<door 0/1>,<fuel %>,<fuel %>,<temperature>];`
 * where the keyword is `tracker` for a periodic report or names an alarm. `L` reports carry cell ids
 * instead of a fix. OBD reports (`imei:<IMEI>,OBD,…`) carry engine values.
 */
const MAX_GPS103_LENGTH = 2_048;
const DELIMITERS = [0x3b, 0x0a]; // ";" and a line end

/** What an alarm keyword means (`acc on` / `acc off` are the ignition, stored as such). */
export const GPS103_ALARMS = {
  "help me": "sos",
  "low battery": "lowBattery",
  stockade: "geofence",
  move: "movement",
  speed: "overspeed",
  "door alarm": "door",
  "ac alarm": "powerCut",
  "accident alarm": "accident",
  "sensor alarm": "vibration",
  "bonnet alarm": "bonnet",
  "footbrake alarm": "footBrake",
  "acc alarm": "ignition",
  DTC: "fault",
} as const;
export type Gps103Alarm = (typeof GPS103_ALARMS)[keyof typeof GPS103_ALARMS];

/** `messageKind`: what the Devices page calls the message — "login", "heartbeat" (the bare IMEI) or a report's keyword. */
export type Gps103Message =
  | { type: "login" | "heartbeat"; imei: string; messageKind: string }
  | { type: "report"; imei: string; keyword: string; messageKind: string; alarm: Gps103Alarm | null; record: TrackerRecord | null; heartbeat: boolean }
  | { type: "empty" };

/** The byte length of the message at the start of `buffer` (through its `;` or line end), or null while it has not all arrived. */
export const gps103FrameLength = (buffer: Buffer) => delimitedFrameLength(buffer, DELIMITERS, MAX_GPS103_LENGTH);

const IMEI = /^\d{6,20}$/;

/**
 * The report's time. The device writes its local date and time (`yymmddhhmm`, seconds optional, or
 * `yy/mm/dd hh:mm`) and, with a fix, the UTC time of day: their difference is its time zone, so the
 * local date becomes UTC, across midnight either way. Without a UTC time the local one is taken as UTC.
 */
const readTime = (local: string, utc: string | undefined, now: Date): Date => {
  const digits = local.replace(/[/: ]/g, "");
  const parts = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(digits);
  if (!parts || /^0+$/.test(digits)) return now;
  const [year, month, day, hour, minute] = parts.slice(1, 6).map(Number);
  const clock = utc === undefined ? null : timeOfDay(utc);
  if (!clock) return utcDate(year, month, day, hour, minute, Number(parts[6] ?? 0));
  let offsetMinutes = (hour - clock.hour) * 60 + (minute - clock.minute);
  if (offsetMinutes <= -12 * 60) offsetMinutes += 24 * 60;
  else if (offsetMinutes > 12 * 60) offsetMinutes -= 24 * 60;
  return new Date(utcDate(year, month, day, hour, minute, clock.second).getTime() - offsetMinutes * 60_000);
};

/** A coordinate whose hemisphere letter may come before or after it (or not at all), from `fields[at]`; returns the next index. */
const readCoordinate = (fields: string[], at: number, letters: RegExp, limit: 90 | 180): [number | null, number] => {
  let index = at;
  let hemisphere: string | undefined;
  if (letters.test(fields[index] ?? "")) hemisphere = fields[index++];
  const value = fields[index++] ?? "";
  if (letters.test(fields[index] ?? "") || (hemisphere === undefined && fields[index] === "")) hemisphere = fields[index++] || undefined;
  return [parseDegreesMinutes(value, hemisphere, limit), index];
};

/** The fix of an `F` report, from the UTC time on. */
const readFix = (fields: string[]) => {
  const [valid, latitudeAt] = [fields[1] === "A", 2];
  if (!/^[AV]$/.test(fields[1] ?? "")) throw new FrameError("validity is not A or V");
  const [latitude, longitudeAt] = readCoordinate(fields, latitudeAt, /^[NS]$/, 90);
  const [longitude, speedAt] = readCoordinate(fields, longitudeAt, /^[EW]$/, 180);
  const [knots, course, altitude, acc] = [decimal(fields[speedAt]), decimal(fields[speedAt + 1]), decimal(fields[speedAt + 2]), fields[speedAt + 3]];
  if ((knots ?? 0) < 0 || (course ?? 0) < 0 || (course ?? 0) > 360) throw new FrameError("speed or course out of range");
  const fix =
    valid && latitude !== null && longitude !== null
      ? { latitude, longitude, speedKmh: (knots ?? 0) * KMH_PER_KNOT, heading: course ?? 0, altitude }
      : undefined;
  return { fix, ignition: acc === "1" ? true : acc === "0" ? false : undefined };
};

/** `imei:<IMEI>,OBD,<yymmddhhmmss>,<odometer>,<fuel now>,<fuel average>,<hours>,<km/h>,<load>,<°C>,<throttle>,<rpm>,<V>,<codes>`. */
const readObd = (fields: string[], now: Date): TrackerRecord => {
  const [speedKmh, rpm, volts] = [decimal(fields[7]), decimal(fields[11]), decimal(fields[12])];
  // The OBD time is the device's local time with nothing to tell its zone: the report is live, so it is stored at its arrival.
  return { time: now, io: { ecuSpeedKmh: speedKmh, engineRpm: rpm, externalVolts: volts === 0 ? undefined : volts } };
};

const readReport = (text: string, heartbeat: boolean, now: Date): Gps103Message => {
  const fields = text.split(",");
  const imei = fields[0].slice("imei:".length);
  if (!IMEI.test(imei)) throw new FrameError("IMEI is not 6 to 20 digits");
  const keyword = fields[1] ?? "";
  if (keyword === "OBD") return { type: "report", imei, keyword, messageKind: keyword, alarm: null, record: readObd(fields, now), heartbeat };
  const alarm = (GPS103_ALARMS as Record<string, Gps103Alarm>)[keyword] ?? null;
  const keywordIgnition = keyword === "acc on" ? true : keyword === "acc off" ? false : undefined;
  let record: TrackerRecord | null = null;
  if (fields[4] === "F") {
    const { fix, ignition } = readFix(fields.slice(5));
    record = { time: readTime(fields[2] ?? "", fields[5], now), fix, io: { ignition: keywordIgnition ?? ignition } };
  } else if (keywordIgnition !== undefined || alarm === "accident") {
    // An `L` report has no fix and no UTC time: the ignition change (or the crash) is stored as of its arrival.
    record = { time: now, io: { ignition: keywordIgnition } };
  }
  // The accident alarm is the device's crash detection: a safety event (the other alarms are not driving events).
  if (record && alarm === "accident") record.events = [{ kind: "crash" }];
  return { type: "report", imei, keyword, messageKind: keyword, alarm, record, heartbeat };
};

/** The message of one complete frame (as framed by `gps103FrameLength`). */
export const decodeGps103Frame = (frame: Buffer, now = new Date()): Gps103Message => {
  const text = frameText(frame)
    .replace(/[;\r\n]+$/, "")
    .trim();
  if (text === "") return { type: "empty" };
  const login = /^##,imei:(\d{6,20}),A$/.exec(text);
  if (login) return { type: "login", imei: login[1], messageKind: "login" };
  if (IMEI.test(text)) return { type: "heartbeat", imei: text, messageKind: "heartbeat" };
  // A heartbeat and a report in one message: `<IMEI>imei:<IMEI>,…`.
  const joined = /^(\d{6,20})(imei:.*)$/s.exec(text);
  if (joined) return readReport(joined[2], true, now);
  if (text.startsWith("imei:")) return readReport(text, false, now);
  throw new FrameError("message is neither a login, a heartbeat nor an imei: report");
};

/**
 * The server's answer, or null: `LOAD` to the login, `ON` to a heartbeat, and `**,imei:<IMEI>,E;` to
 * an SOS ("help me"), which the device repeats until it is answered. Reports have no answer.
 */
export const gps103Answer = (message: Gps103Message): string | null => {
  if (message.type === "login") return "LOAD";
  if (message.type === "heartbeat") return "ON";
  if (message.type === "report" && message.keyword === "help me") return `**,imei:${message.imei},E;`;
  if (message.type === "report" && message.heartbeat) return "ON";
  return null;
};
