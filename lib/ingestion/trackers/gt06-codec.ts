import { crc16X25 } from "./crc";
import { FrameError, FrameReader } from "./frame-reader";
import type { TrackerRecord } from "./tracker-record";

/**
 * GT06 / Concox (Concox "GT06 protocol" document): frames start with 0x7878 (1-byte length) or
 * 0x7979 (2-byte length) and end with 0x0D0A; the length counts the protocol number, content,
 * serial number and CRC. The CRC-16/X25 (CRC-ITU) covers the length through the serial number.
 * The device logs in (0x01, IMEI in BCD) and the server echoes the protocol number and serial;
 * the heartbeats (status 0x13, the GK310's heartbeat 0x23, the 4G models' status 0x36, cell and
 * status 0x19) and alarm (0x16, 0x26) packets are answered the same way, a time request (0x8A) with
 * the UTC time; GPS packets (0x12, 0x22) and information packets (0x94: the external voltage) have no
 * answer. Frame layouts as Traccar's GT06 decoder and test frames read them.
 */
export const GT06 = {
  login: 0x01,
  gps: 0x12,
  gpsAcc: 0x22,
  status: 0x13,
  alarm: 0x16,
  alarmExtended: 0x26,
  lbsStatus: 0x19,
  heartbeat: 0x23,
  status4g: 0x36,
  timeRequest: 0x8a,
  info: 0x94,
  /** The server's command (downlink), and the device's answers to it: ASCII (0x15) or with an encoding byte (0x21). */
  command: 0x80,
  commandAnswer: 0x15,
  commandAnswerInfo: 0x21,
} as const;

/** The packets answered with the protocol number and serial echoed (the time request adds the time). */
const ANSWERED = new Set<number>([GT06.login, GT06.status, GT06.alarm, GT06.alarmExtended, GT06.lbsStatus, GT06.heartbeat, GT06.status4g, GT06.timeRequest]);

/** 0x7979 frames may be long; more than this is not a tracker's. */
export const MAX_GT06_LENGTH = 1_024;
const COORDINATE_SCALE = 30_000 * 60;

/** What the Devices page calls each packet: the document's name and its protocol number (docs/trackers.md "Last message"). */
const MESSAGE_NAMES: Record<number, string> = {
  [GT06.gps]: "location",
  [GT06.gpsAcc]: "location",
  [GT06.status]: "heartbeat",
  [GT06.heartbeat]: "heartbeat",
  [GT06.status4g]: "heartbeat",
  [GT06.lbsStatus]: "LBS status",
  [GT06.alarm]: "alarm",
  [GT06.alarmExtended]: "alarm",
  [GT06.timeRequest]: "time request",
  [GT06.info]: "information",
  [GT06.commandAnswer]: "command answer",
  [GT06.commandAnswerInfo]: "command answer",
};

const messageKindOf = (protocol: number) => {
  if (protocol === GT06.login) return "login";
  const number = `0x${protocol.toString(16).toUpperCase().padStart(2, "0")}`;
  return MESSAGE_NAMES[protocol] ? `${MESSAGE_NAMES[protocol]} ${number}` : `packet ${number}`;
};

type Gt06Packet = { protocol: number; serial: number; messageKind: string };

export type Gt06Message =
  | (Gt06Packet & { type: "login"; imei: string })
  | (Gt06Packet & { type: "record"; record: TrackerRecord })
  | (Gt06Packet & { type: "answer"; text: string })
  | (Gt06Packet & { type: "other" });

/** The byte length of the frame at the start of `buffer`, or null while its header has not arrived. */
export const gt06FrameLength = (buffer: Buffer): number | null => {
  if (buffer.length < 2) return null;
  const start = buffer.readUInt16BE(0);
  if (start !== 0x7878 && start !== 0x7979) throw new FrameError("frame does not start with 0x7878 or 0x7979");
  const lengthSize = start === 0x7878 ? 1 : 2;
  if (buffer.length < 2 + lengthSize) return null;
  const length = buffer.readUIntBE(2, lengthSize);
  if (length < 5 || length > MAX_GT06_LENGTH) throw new FrameError(`frame length ${length} out of range`);
  return 2 + lengthSize + length + 2;
};

const readTime = (reader: FrameReader) => {
  const [year, month, day, hour, minute, second] = reader.take(6);
  const time = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  if (month < 1 || month > 12 || time.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) throw new FrameError("invalid date and time");
  return time;
};

/** Date, satellites, coordinates, speed and course, as GPS, alarm and GPS+ACC packets open. */
const readGps = (reader: FrameReader): TrackerRecord => {
  const time = readTime(reader);
  const satellites = reader.u8() & 0x0f;
  const latitude = reader.u32() / COORDINATE_SCALE;
  const longitude = reader.u32() / COORDINATE_SCALE;
  const speedKmh = reader.u8();
  const flags = reader.u16();
  if (latitude > 90 || longitude > 180) throw new FrameError("coordinates out of range");
  const positioned = (flags & 0x1000) !== 0;
  const fix = {
    latitude: flags & 0x0400 ? latitude : -latitude,
    longitude: flags & 0x0800 ? -longitude : longitude,
    speedKmh,
    heading: flags & 0x03ff,
    satellites,
  };
  return { time, fix: positioned ? fix : undefined, io: {} };
};

/** ACC (ignition) is bit 1 of the terminal information byte of status and alarm packets. */
const accOf = (terminalInfo: number) => (terminalInfo & 0x02) !== 0;

/** Information packet (0x94): in a 0x7979 frame a type byte (0x00: external power voltage) then the value; in a 0x7878 frame the voltage alone. Volts × 100. */
const readInfo = (reader: FrameReader, extended: boolean, now: Date): TrackerRecord | null => {
  if (extended && reader.u8() !== 0x00) return null;
  return { time: now, io: { externalVolts: reader.u16() / 100 } };
};

const readContent = (protocol: number, reader: FrameReader, now: Date, extended: boolean): TrackerRecord | null => {
  switch (protocol) {
    case GT06.gps:
      return readGps(reader);
    case GT06.gpsAcc: {
      const record = readGps(reader);
      reader.take(8); // MCC, MNC, LAC, cell id
      record.io.ignition = reader.u8() === 1;
      return record;
    }
    case GT06.alarm:
    case GT06.alarmExtended: {
      const record = readGps(reader);
      const lbsLength = reader.u8();
      reader.take(Math.max(0, lbsLength - 1));
      record.io.ignition = accOf(reader.u8());
      return record;
    }
    // Heartbeats carry no time: they describe the device as it is now. The terminal information
    // (ACC in bit 1) opens the status packets, after the cell (MCC, MNC, LAC, cell id) in 0x19.
    case GT06.status:
    case GT06.heartbeat:
      return { time: now, io: { ignition: accOf(reader.u8()) } };
    case GT06.status4g:
      // 0x36 in a long (0x7979) frame is another model's photo data.
      return extended ? null : { time: now, io: { ignition: accOf(reader.u8()) } };
    case GT06.lbsStatus:
      reader.take(8);
      return { time: now, io: { ignition: accOf(reader.u8()) } };
    case GT06.info:
      return readInfo(reader, extended, now);
    default:
      return null;
  }
};

const readImei = (reader: FrameReader) => {
  const digits = reader.take(8).toString("hex").replace(/^0/, "");
  if (!/^\d+$/.test(digits)) throw new FrameError("IMEI is not BCD digits");
  return digits;
};

/**
 * A device's answer to a command: 0x15 holds the command length, the server flag (4 bytes) and the
 * ASCII text; 0x21 the server flag, an encoding byte (1: ASCII,
 * else UTF-16BE) and the text.
 */
const readAnswer = (protocol: number, reader: FrameReader) => {
  if (protocol === GT06.commandAnswer) {
    // Some firmware leaves the length 0 and pads the text with zeros up to a language word: the text ends at the first zero.
    const length = reader.u8() - 4;
    reader.u32();
    const text = reader.take(length > 0 && length <= reader.remaining ? length : reader.remaining);
    return text.toString("latin1").split("\0")[0].trim();
  }
  reader.u32();
  const ascii = reader.u8() === 1;
  const text = reader.take(reader.remaining);
  return (
    ascii
      ? text.toString("latin1")
      : Buffer.from(text.subarray(0, text.length & ~1))
          .swap16()
          .toString("utf16le")
  ).trim();
};

/** The message of one complete frame (as framed by `gt06FrameLength`). */
export const decodeGt06Frame = (frame: Buffer, now = new Date()): Gt06Message => {
  if (frame.readUInt16BE(frame.length - 2) !== 0x0d0a) throw new FrameError("frame does not end with 0x0D0A");
  const checked = frame.subarray(2, frame.length - 4);
  if (frame.readUInt16BE(frame.length - 4) !== crc16X25(checked)) throw new FrameError("frame CRC mismatch");
  const lengthSize = frame[0] === 0x78 ? 1 : 2;
  const serial = frame.readUInt16BE(frame.length - 6);
  const reader = new FrameReader(frame.subarray(2 + lengthSize, frame.length - 6));
  const protocol = reader.u8();
  const packet = { protocol, serial, messageKind: messageKindOf(protocol) };
  if (protocol === GT06.login) return { type: "login", ...packet, imei: readImei(reader) };
  if (protocol === GT06.commandAnswer || protocol === GT06.commandAnswerInfo) return { type: "answer", ...packet, text: readAnswer(protocol, reader) };
  const record = readContent(protocol, reader, now, lengthSize === 2);
  return record ? { type: "record", ...packet, record } : { type: "other", ...packet };
};

/** Whether the server answers this protocol number (login, heartbeats, alarms, time request); GPS and information packets have no answer. */
export const gt06Answers = (protocol: number) => ANSWERED.has(protocol);

/** A 0x7878 frame of `content` after the protocol number, with its serial, CRC and stop bits. */
export const encodeGt06Frame = (protocol: number, content: Buffer, serial: number) => {
  const body = Buffer.alloc(1 + 1 + content.length + 2);
  body.writeUInt8(1 + content.length + 2 + 2, 0);
  body.writeUInt8(protocol, 1);
  content.copy(body, 2);
  body.writeUInt16BE(serial & 0xffff, 2 + content.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(crc16X25(body), 0);
  tail.writeUInt16BE(0x0d0a, 2);
  return Buffer.concat([Buffer.from([0x78, 0x78]), body, tail]);
};

/** The server's answer: the protocol number and serial echoed, no content; a time request's answer carries the UTC time (YY MM DD hh mm ss). */
export const encodeGt06Response = (protocol: number, serial: number, now = new Date()) => {
  if (protocol !== GT06.timeRequest) return encodeGt06Frame(protocol, Buffer.alloc(0), serial);
  const fields = [now.getUTCFullYear() - 2000, now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()];
  return encodeGt06Frame(protocol, Buffer.from(fields), serial);
};
