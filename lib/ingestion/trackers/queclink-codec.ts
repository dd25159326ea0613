import { FrameError } from "./frame-reader";
import { queclinkBlocks, queclinkTail, queclinkTime, stateIgnition } from "./queclink-fields";
import { decimal, delimitedFrameLength, frameText } from "./text-frames";
import type { TrackerEvent, TrackerRecord } from "./tracker-record";

/**
 * Queclink @Track, the text form (GL, GV, GB series): ASCII messages
 * `+RESP:GT<type>,<protocol version>,<IMEI>,<device name>,…,<send time yyyyMMddHHmmss>,<count hex>$`.
 * `+RESP` is a live report, `+BUFF` one the device kept while offline, `+ACK` answers a command or,
 * as `+ACK:GTHBD`, is the heartbeat. GPS times are UTC; the send time is the device's local time
 * (its AT+GTTMZ zone). The binary form (`+RSP`, `+EVT`… with a length) is not read.
 */
const MAX_QUECLINK_LENGTH = 4_096;
const DELIMITERS = [0x24, 0x00]; // "$" (a NUL on some firmware)
const BINARY_HEADERS = ["+RSP", "+BSP", "+EVT", "+BVT", "+INF", "+BNF", "+HBD", "+CRD", "+BRD", "+LGN"];

/** What a report type says happened (the harsh-behaviour report is a driving event of its record instead). */
export const QUECLINK_ALARMS = {
  SOS: "sos",
  SPD: "overspeed",
  PNA: "powerOn",
  PFA: "powerOff",
  EPF: "powerCut",
  MPF: "powerCut",
  EPN: "powerRestored",
  MPN: "powerRestored",
  BPL: "lowBattery",
  TOW: "tow",
  SWG: "geofence",
  GEO: "geofence",
  JDR: "jamming",
  JDS: "jamming",
  TMP: "temperature",
  TEM: "temperature",
  IDL: "idle",
} as const;
export type QueclinkAlarm = (typeof QUECLINK_ALARMS)[keyof typeof QUECLINK_ALARMS];

/** `messageKind`: what the Devices page calls the message — the report's name (`GTFRI`, `GTHBD`…), "kept" for a `+BUFF` one. */
export type QueclinkMessage =
  | { type: "heartbeat"; imei: string; messageKind: string; version: string; count: string }
  | { type: "ack"; imei: string; messageKind: string; kind: string }
  | {
      type: "report";
      imei: string;
      messageKind: string;
      kind: string;
      buffered: boolean;
      records: TrackerRecord[];
      alarms: QueclinkAlarm[];
      /** The message's count number (4 hex digits), which the server acknowledgement names. */
      count: string | null;
      /** The device's UTC offset in minutes, when this message tells it (a live fix beside its send time). */
      zoneMinutes: number | null;
    }
  | { type: "empty" };

/**
 * The byte length of the message at the start of `buffer` (through its `$`), or null while it has
 * not all arrived; line ends after a `$` are a frame of their own (empty). A binary message closes the connection.
 */
export const queclinkFrameLength = (buffer: Buffer): number | null => {
  const start = buffer.findIndex((byte) => byte !== 0x0d && byte !== 0x0a);
  if (start < 0) return buffer.length > 0 ? buffer.length : null;
  if (start > 0) return start;
  if (buffer[0] !== 0x2b) throw new FrameError("frame does not start with +");
  if (buffer.length < 5) return null;
  const header = buffer.subarray(0, 4).toString("latin1");
  if (buffer[1] === 0 || BINARY_HEADERS.includes(header) || (header === "+ACK" && buffer[4] !== 0x3a)) {
    throw new FrameError("binary Queclink frames are not read");
  }
  return delimitedFrameLength(buffer, DELIMITERS, MAX_QUECLINK_LENGTH);
};

const IMEI = /^(\d{15}|[0-9A-F]{14})$/i;
const COUNT = /^[0-9A-F]{4}$/i;
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The zone of a live report with a fix: its send time (local) less the fix's UTC time, when that is
 * whole quarter hours give or take two minutes (the fix a moment before sending) and within ±14 h.
 */
const zoneOf = (send: Date | null, fix: Date | undefined, buffered: boolean) => {
  if (!send || !fix || buffered) return null;
  const difference = send.getTime() - fix.getTime();
  const zone = Math.round(difference / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return Math.abs(difference - zone) <= 120_000 && Math.abs(zone) <= 14 * 3_600_000 ? zone / 60_000 : null;
};

/** The driving event of a harsh-behaviour report: its type's low digit (0, 3 braking; 1, 4 acceleration; 2 cornering). */
const harshEvent = (type: string | undefined): TrackerEvent | null => {
  if (!/^[0-9A-F]{1,2}$/i.test(type ?? "")) return null;
  const kind = ({ 0: "harshBraking", 3: "harshBraking", 1: "harshAcceleration", 4: "harshAcceleration", 2: "harshCornering" } as const)[
    Number.parseInt(type!, 16) % 16
  ];
  return kind ? { kind } : null;
};

/** The OBD report's engine values, counted from its start (report mask with the first sixteen values: `…FFFF`). */
const obdValues = (fields: string[], firstBlockAt: number | undefined): TrackerRecord["io"] => {
  if (!/FFFF$/i.test(fields[6] ?? "")) return {};
  const volts = decimal(fields[9]);
  const odometer = firstBlockAt === undefined ? undefined : decimal(fields[firstBlockAt - 5]);
  return {
    externalVolts: volts ? volts / 1000 : undefined,
    engineRpm: decimal(fields[11]),
    ecuSpeedKmh: decimal(fields[12]),
    coolantCelsius: /^-?\d+$/.test(fields[13] ?? "") ? Number(fields[13]) : undefined,
    engineLoadPercent: decimal(fields[21]),
    fuelPercent: decimal(fields[22]),
    odometerMeters: odometer === undefined ? undefined : odometer * 1000,
  };
};

/** The ignition a report type states: IGN/VGN on, IGF/VGF off, IGL by its type, STT and INF by their motion state. */
const typeIgnition = (kind: string, fields: string[], reportType: string | undefined) => {
  if (kind === "IGN" || kind === "VGN") return true;
  if (kind === "IGF" || kind === "VGF") return false;
  if (kind === "IGL" && /^[0-9A-F]{2}$/i.test(reportType ?? "")) return Number.parseInt(reportType!, 16) % 16 === 1;
  if (kind === "STT" || kind === "INF") return stateIgnition(fields[4]);
  return undefined;
};

const readReport = (fields: string[], kind: string, buffered: boolean, now: Date, knownZone: number | null) => {
  const imei = fields[2].toUpperCase();
  const count = COUNT.test(fields[fields.length - 1]) ? fields[fields.length - 1].toUpperCase() : null;
  const send = queclinkTime(fields[fields.length - 2]);
  const blocks = queclinkBlocks(fields);
  const last = blocks[blocks.length - 1];
  const zoneMinutes = zoneOf(send, last?.fix?.time, buffered);
  const zone = zoneMinutes ?? knownZone;
  // Without a fix: a live report is stored as it arrives; a kept one at its send time, made UTC by the zone known.
  const timeWithoutFix = !buffered ? now : send ? new Date(send.getTime() - (zone ?? 0) * 60_000) : now;
  const records: TrackerRecord[] = blocks.map(({ fix }) => ({
    time: fix?.time ?? timeWithoutFix,
    fix: fix && { latitude: fix.latitude, longitude: fix.longitude, speedKmh: fix.speedKmh, heading: fix.heading, altitude: fix.altitude, hdop: fix.hdop },
    io: {},
  }));
  if (records.length === 0) records.push({ time: timeWithoutFix, io: {} });
  const record = records[records.length - 1];
  // Position reports: `<power mV or reserved>,<report type>,<number of blocks>` before the first block.
  const first = blocks[0]?.at;
  const numbered = first !== undefined && Number(fields[first - 5]) === blocks.length;
  const reportType = numbered ? fields[first - 6] : kind === "IGL" ? fields[5] : undefined;
  // (GL models write a reserved 0 there, the RFID report a card id.)
  const power = numbered && /^\d{4,5}$/.test(fields[first - 7]) ? Number(fields[first - 7]) : undefined;
  const tail: Partial<ReturnType<typeof queclinkTail>> = last ? queclinkTail(fields, last.at) : {};
  record.io = {
    ...(kind === "OBD" ? obdValues(fields, first) : { gpsOdometerMeters: tail.gpsOdometerMeters }),
    ignition: typeIgnition(kind, fields, reportType) ?? tail.ignition,
    engineSeconds: tail.engineSeconds,
    ...(power !== undefined && kind !== "OBD" ? { externalVolts: power / 1000 } : {}),
  };
  const event = kind === "HBM" ? harshEvent(reportType) : null;
  if (event) record.events = [event];
  const alarm = (QUECLINK_ALARMS as Record<string, QueclinkAlarm>)[kind];
  const meaningful = records.filter((each) => each.fix || each.events || Object.values(each.io).some((value) => value !== undefined));
  const messageKind = `GT${kind}${buffered ? " kept" : ""}`;
  return { type: "report" as const, imei, messageKind, kind, buffered, records: meaningful, alarms: alarm ? [alarm] : [], count, zoneMinutes };
};

/** The message of one complete frame (as framed by `queclinkFrameLength`); `zoneMinutes`: the device's zone as its connection has learned it. */
export const decodeQueclinkFrame = (frame: Buffer, now = new Date(), zoneMinutes: number | null = null): QueclinkMessage => {
  const text = frameText(frame)
    .replace(/[$\0\r\n]+$/, "")
    .trim();
  if (text === "") return { type: "empty" };
  const header = /^\+(RESP|BUFF|ACK):GT([A-Z0-9]{3}),/.exec(text);
  if (!header) throw new FrameError("message is not +RESP, +BUFF or +ACK");
  const fields = text.split(",");
  const [, form, kind] = header;
  // GT300 firmware writes no protocol version: the IMEI comes first.
  if (!IMEI.test(fields[2] ?? "") && IMEI.test(fields[1] ?? "")) fields.splice(1, 0, "");
  if (!IMEI.test(fields[2] ?? "")) throw new FrameError("IMEI is not 15 digits (or 14 hex digits)");
  const imei = fields[2].toUpperCase();
  if (form === "ACK") {
    const count = fields[fields.length - 1];
    if (kind === "HBD" && COUNT.test(count)) return { type: "heartbeat", imei, messageKind: "GTHBD", version: fields[1], count: count.toUpperCase() };
    return { type: "ack", imei, messageKind: `GT${kind} answer`, kind };
  }
  return readReport(fields, kind, form === "BUFF", now, zoneMinutes);
};

/**
 * The server's answer, sent after the commit: `+SACK:GTHBD,<protocol version>,<count>$` to a heartbeat,
 * `+SACK:<count>$` to every report (live or kept), which a device set to wait for it (AT+GTSRI) needs
 * before it sends the next and one not set ignores. Command acknowledgements get none.
 */
export const queclinkAnswer = (message: QueclinkMessage): string | null => {
  if (message.type === "heartbeat") return `+SACK:GTHBD,${message.version},${message.count}$`;
  if (message.type === "report" && message.count !== null) return `+SACK:${message.count}$`;
  return null;
};
