import type { TrackerRecord } from "@/lib/ingestion/trackers/tracker-record";

/**
 * Frames of the text trackers as their devices send them, for the trackers bench (the binary ones have
 * encoders in lib/ingestion/trackers, which the simulator uses too). Layouts as docs/trackers.md and the
 * listener tests have them; every fix is a whole second.
 */
export type BenchFix = TrackerRecord & { fix: NonNullable<TrackerRecord["fix"]> };

const KNOTS_PER_KMH = 1 / 1.852;
const two = (value: number) => String(value).padStart(2, "0");

/** `ddmm.mmmm` (`dddmm.mmmm` for a longitude) and its hemisphere letter. */
const degreesMinutes = (value: number, letters: "NS" | "EW") => {
  const degrees = Math.floor(Math.abs(value));
  const minutes = ((Math.abs(value) - degrees) * 60).toFixed(4).padStart(7, "0");
  return `${String(degrees).padStart(letters === "NS" ? 2 : 3, "0")}${minutes},${value < 0 ? letters[1] : letters[0]}`;
};

const clock = (time: Date) => `${two(time.getUTCHours())}${two(time.getUTCMinutes())}${two(time.getUTCSeconds())}`;
const date = (time: Date) => `${two(time.getUTCDate())}${two(time.getUTCMonth() + 1)}${two(time.getUTCFullYear() % 100)}`;
/** `yyyyMMddHHmmss` (UTC). */
const stamp = (time: Date) => time.toISOString().replace(/\D/g, "").slice(0, 14);

/** H02: the heartbeat (answered by its echo once the device is bound). */
export const h02Heartbeat = (id: string) => Buffer.from(`*HQ,${id},HTBT#`, "latin1");

/** H02: a V1 position (answered `*HQ,<id>,V4,V1,<server time>#` once committed); status bits all set: ignition on, no alarm. */
export const h02Position = (id: string, { time, fix }: BenchFix) =>
  Buffer.from(
    `*HQ,${id},V1,${clock(time)},A,${degreesMinutes(fix.latitude, "NS")},${degreesMinutes(fix.longitude, "EW")},` +
      `${(fix.speedKmh * KNOTS_PER_KMH).toFixed(2)},${Math.round(fix.heading)},${date(time)},FFFFFFFF#`,
    "latin1",
  );

/** GPS103: the login (answered `LOAD`). */
export const gps103Login = (imei: string) => Buffer.from(`##,imei:${imei},A;`, "latin1");

/** GPS103: a periodic `tracker` report with its fix, the device's clock on UTC (no answer: the protocol has none). */
export const gps103Report = (imei: string, { time, fix }: BenchFix) =>
  Buffer.from(
    `imei:${imei},tracker,${stamp(time).slice(2)},,F,${clock(time)}.000,A,${degreesMinutes(fix.latitude, "NS")},` +
      `${degreesMinutes(fix.longitude, "EW")},${(fix.speedKmh * KNOTS_PER_KMH).toFixed(2)},${Math.round(fix.heading)},,1,0,,,;`,
    "latin1",
  );

/** The 4 hex digits of a Queclink message's count number. */
const count = (serial: number) => (serial & 0xffff).toString(16).toUpperCase().padStart(4, "0");

/** Queclink: the `+ACK:GTHBD` heartbeat (answered `+SACK:GTHBD,<version>,<count>$`). */
export const queclinkHeartbeat = (imei: string, time: Date, serial: number) =>
  Buffer.from(`+ACK:GTHBD,060228,${imei},,${stamp(time)},${count(serial)}$`, "latin1");

/** Queclink: a GTFRI fixed report of a GV300 (power, one GPS block, mileage, hours), sent on UTC (answered `+SACK:<count>$`). */
export const queclinkReport = (imei: string, { time, fix }: BenchFix, serial: number) =>
  Buffer.from(
    `+RESP:GTFRI,060228,${imei},,14827,10,1,1,${fix.speedKmh.toFixed(1)},${Math.round(fix.heading)},210.0,${fix.longitude.toFixed(6)},` +
      `${fix.latitude.toFixed(6)},${stamp(time)},0310,0260,6AD4,3471,00,15989.5,01070:43:13,13,180,0,220101,,,,${stamp(time)},${count(serial)}$`,
    "latin1",
  );

const signed = (value: number, width: number) => `${value < 0 ? "-" : "+"}${Math.abs(value).toFixed(6).padStart(width, "0")}`;

/** Suntech: the ST300 family's keep-alive (never answered: Suntech has no TCP acknowledgement). */
export const suntechKeepAlive = (id: string) => Buffer.from(`ST300ALV;${id}\r`, "latin1");

/** Suntech: an ST300 STT status report with its fix, ignition on (no answer). */
export const suntechReport = (id: string, { time, fix }: BenchFix, serial: number) => {
  const day = `${time.getUTCFullYear()}${two(time.getUTCMonth() + 1)}${two(time.getUTCDate())}`;
  const hms = `${two(time.getUTCHours())}:${two(time.getUTCMinutes())}:${two(time.getUTCSeconds())}`;
  return Buffer.from(
    `ST300STT;${id};40;313;${day};${hms};c99e48;${signed(fix.latitude, 9)};${signed(fix.longitude, 10)};` +
      `${fix.speedKmh.toFixed(3).padStart(7, "0")};${fix.heading.toFixed(2)};12;1;997100;14.10;100000;2;${serial % 10_000};003634;4.1;1\r`,
    "latin1",
  );
};

/** A Meitrack frame of `command` and its data, with the length and checksum the protocol has (docs/trackers.md). */
const meitrackFrame = (imei: string, command: string, data: string) => {
  const tail = `,${imei},${command},${data}*`;
  const body = `$$A${tail.length + 4}${tail}`;
  const sum = [...Buffer.from(body, "latin1")].reduce((total, byte) => (total + byte) & 0xff, 0);
  return Buffer.from(`${body}${sum.toString(16).toUpperCase().padStart(2, "0")}\r\n`, "latin1");
};
const meitrackTime = (time: Date) => stamp(time).slice(2);

/** Meitrack: an AAA heartbeat (event 31) without a fix, which binds the connection (AAA reports have no answer). */
export const meitrackHeartbeat = (imei: string, time: Date) =>
  meitrackFrame(imei, "AAA", `31,0.000000,0.000000,${meitrackTime(time)},V,0,20,0,0,0,0,0,0,000|00||,0000,4.33|12.96|1.92|2.72|2.69,,`);

/** Meitrack: an AAA time-interval report (event 35) with its fix, ignition (input 2) on (no answer). */
export const meitrackReport = (imei: string, { time, fix }: BenchFix) =>
  meitrackFrame(
    imei,
    "AAA",
    `35,${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)},${meitrackTime(time)},A,9,20,${Math.round(fix.speedKmh)},${Math.round(fix.heading)},` +
      `1,200,1697,1000,000|00||,0200,4.33|12.96|1.92|2.72|2.69,,`,
  );

/** OsmAnd: nothing before the first report (HTTP has no login; the connection stays open between requests). */
export const osmandHello = () => Buffer.alloc(0);

/** OsmAnd: a report as Traccar Client posts it to Traccar's port, its values in the query string, speed in knots (answered 200, empty). */
export const osmandReport = (id: string, { time, fix }: BenchFix) =>
  Buffer.from(
    `POST /?id=${id}&timestamp=${time.getTime() / 1000}&lat=${fix.latitude}&lon=${fix.longitude}&speed=${(fix.speedKmh * KNOTS_PER_KMH).toFixed(2)}` +
      `&bearing=${fix.heading}&altitude=0&accuracy=5&batt=80 HTTP/1.1\r\nHost: fleet\r\nContent-Length: 0\r\n\r\n`,
    "latin1",
  );

/** The length of an OsmAnd answer: its head and its `Content-Length` of body. Anything but 200 is a failed report: the bench stops. */
export const osmandAnswerLength = (buffer: Buffer) => {
  const headEnd = buffer.indexOf("\r\n\r\n", 0, "latin1");
  if (headEnd < 0) return null;
  const head = buffer.toString("latin1", 0, headEnd);
  if (!head.startsWith("HTTP/1.1 200 ")) throw new Error(`OsmAnd answered ${head.split("\r\n")[0]}`);
  const length = headEnd + 4 + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  return buffer.length >= length ? length : null;
};
