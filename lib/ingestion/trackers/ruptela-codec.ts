import { crc16Kermit } from "./crc";
import { FrameError, FrameReader } from "./frame-reader";
import { RUPTELA_IO } from "./ruptela-io";
import type { IoTarget } from "./teltonika-io";
import type { TrackerRecord } from "./tracker-record";

/**
 * Ruptela's device protocol (FM-Eco4, FM-Pro4, FM-Tco4, Trace5, HCV5, LCV5…): every packet is its length (2 bytes:
 * the bytes from the IMEI to the payload's end), the device's IMEI (8 bytes, a number), a command id (1 byte), the
 * payload, and the CRC-16/KERMIT of the IMEI through the payload (2 bytes). The server's answers have no IMEI: length,
 * command id (the device's plus 100), content, CRC.
 */
export const RUPTELA = {
  records: 1,
  configurationAnswer: 2,
  versionAnswer: 3,
  firmwareAnswer: 4,
  connectionAnswer: 5,
  odometerAnswer: 6,
  smsAnswer: 7,
  dtcs: 9,
  identification: 15,
  heartbeat: 16,
  outputAnswer: 17,
  files: 37,
  extendedRecords: 68,
} as const;

/** The short name of each command a device sends: the message kind the Devices page can show. */
const KINDS: Record<number, string> = {
  [RUPTELA.records]: "records",
  [RUPTELA.extendedRecords]: "extended records",
  [RUPTELA.identification]: "identification",
  [RUPTELA.heartbeat]: "heartbeat",
  [RUPTELA.dtcs]: "diagnostic trouble codes",
  [RUPTELA.smsAnswer]: "command answer",
  [RUPTELA.configurationAnswer]: "configuration answer",
  [RUPTELA.versionAnswer]: "version answer",
  [RUPTELA.firmwareAnswer]: "firmware update answer",
  [RUPTELA.connectionAnswer]: "connection answer",
  [RUPTELA.odometerAnswer]: "odometer answer",
  [RUPTELA.outputAnswer]: "output answer",
  [RUPTELA.files]: "file",
};

export type RuptelaMessage = {
  imei: string;
  command: number;
  /** What the packet is ("records", "extended records", "identification", "heartbeat"…; "other" for an id not listed). */
  kind: string;
  records: TrackerRecord[];
  /** Records: whether the device holds more in its memory (it sends them once this packet is acknowledged). */
  recordsLeft?: boolean;
  /** Answers to the server's text commands (SMS via GPRS, configuration, version, firmware): their text. */
  text?: string;
  /** Diagnostic trouble codes, as the device writes them (`P0301`). */
  dtcs?: string[];
};

/** The largest packet accepted (length field): four times the largest published one (records and file parts of about 1 KiB). */
export const MAX_RUPTELA_LENGTH = 4_096;
const MIN_LENGTH = 9; // IMEI and command id
const GPS_SCALE = 1e7;
/** A coordinate the device writes when it has none. */
const NO_COORDINATE = -0x80000000;

/** The byte length of the packet at the start of `buffer`, or null while its length has not arrived. */
export const ruptelaFrameLength = (buffer: Buffer): number | null => {
  if (buffer.length < 2) return null;
  const length = buffer.readUInt16BE(0);
  if (length < MIN_LENGTH || length > MAX_RUPTELA_LENGTH) throw new FrameError(`Ruptela packet length ${length} out of range`);
  return 2 + length + 2;
};

/** The IMEI of a packet: the 8-byte number in 15 digits (older devices' 14-digit numbers zero-padded, as Traccar writes them). */
const readImei = (reader: FrameReader) => {
  const value = reader.take(8).readBigUInt64BE(0);
  if (value === 0n) throw new FrameError("Ruptela packet of IMEI 0");
  return value.toString().padStart(15, "0");
};

const readRecord = (reader: FrameReader, extended: boolean) => {
  const time = new Date(reader.u32() * 1000);
  reader.u8(); // timestamp extension: orders records of one second
  const part = extended ? reader.u8() : 0; // high nibble: how many records one was split into; low: this one's number
  reader.u8(); // priority
  const longitude = reader.i32();
  const latitude = reader.i32();
  const altitude = reader.u16() / 10;
  const heading = reader.u16() / 100;
  const satellites = reader.u8();
  const speedKmh = reader.u16();
  const hdop = reader.u8() / 10;
  if (extended) reader.u16();
  else reader.u8(); // the event id that made the record
  const io: TrackerRecord["io"] = {};
  const target: IoTarget = { io, fix: {}, events: [] };
  /** IO ids: two bytes in extended records, one in plain ones. */
  const idBytes = extended ? 2 : 1;
  for (const size of [1, 2, 4, 8]) {
    const count = reader.u8();
    for (let k = 0; k < count; k++) {
      const ioId = reader.unsigned(idBytes);
      const value = reader.unsigned(size); // read even when the id is not: `?.()` would skip its argument
      RUPTELA_IO[ioId]?.(value, target);
    }
  }
  // No coordinates, or no satellites (the device repeats its last fix): not a position.
  const located = longitude !== NO_COORDINATE && latitude !== NO_COORDINATE && satellites > 0;
  const record: TrackerRecord = {
    time,
    fix: located ? { latitude: latitude / GPS_SCALE, longitude: longitude / GPS_SCALE, altitude, heading, satellites, speedKmh, hdop } : undefined,
    io,
    ...(target.events.length > 0 ? { events: target.events } : {}),
  };
  return { record, continues: (part & 0x0f) > 0 && (part & 0x0f) <= part >> 4 };
};

/**
 * A records packet: the "records left" flag, the count, the records. An extended record too large for one record is
 * sent as several of the same time (the record extension numbers them): the later parts' values join the first's.
 */
const readRecords = (reader: FrameReader, extended: boolean) => {
  const recordsLeft = reader.u8() > 0;
  const count = reader.u8();
  const records: TrackerRecord[] = [];
  for (let k = 0; k < count; k++) {
    const { record, continues } = readRecord(reader, extended);
    const first = records.at(-1);
    if (continues && first?.time.getTime() === record.time.getTime()) {
      Object.assign(first.io, record.io);
      if (record.events) first.events = [...(first.events ?? []), ...record.events];
    } else records.push(record);
  }
  if (reader.remaining !== 0) throw new FrameError("bytes after the Ruptela records");
  return { recordsLeft, records };
};

/** A diagnostic trouble codes packet: each code with the time and place it was read (not stored). */
const readDtcs = (reader: FrameReader) =>
  Array.from({ length: reader.u8() }, () => {
    reader.take(1 + 4 + 4 + 4 + 1); // reserved, time, longitude, latitude, archive flag
    return reader.take(5).toString("latin1").replace(/\0+$/, "");
  });

/** The message of one complete packet (as framed by `ruptelaFrameLength`). */
export const decodeRuptelaFrame = (frame: Buffer): RuptelaMessage => {
  const content = frame.subarray(2, frame.length - 2);
  if (frame.readUInt16BE(frame.length - 2) !== crc16Kermit(content)) throw new FrameError("Ruptela packet CRC mismatch");
  const reader = new FrameReader(content);
  const imei = readImei(reader);
  const command = reader.u8();
  const message = { imei, command, kind: KINDS[command] ?? "other", records: [] };
  switch (command) {
    case RUPTELA.records:
    case RUPTELA.extendedRecords:
      return { ...message, ...readRecords(reader, command === RUPTELA.extendedRecords) };
    case RUPTELA.dtcs:
      return { ...message, dtcs: readDtcs(reader) };
    case RUPTELA.smsAnswer:
    case RUPTELA.configurationAnswer:
    case RUPTELA.versionAnswer:
    case RUPTELA.firmwareAnswer:
      return { ...message, text: reader.take(reader.remaining).toString("latin1").trim() };
    default:
      // Identification, heartbeat, file parts, other answers: read no further (nothing in them is stored).
      return message;
  }
};

/** A packet as the server sends it: length, command id, content, CRC-16/KERMIT of the command id and content. */
export const encodeRuptelaAnswer = (command: number, content: Buffer) => {
  const body = Buffer.concat([Buffer.from([command]), content]);
  const frame = Buffer.alloc(2 + body.length + 2);
  frame.writeUInt16BE(body.length, 0);
  body.copy(frame, 2);
  frame.writeUInt16BE(crc16Kermit(body), 2 + body.length);
  return frame;
};

/** The answer's command id to each command the server acknowledges: records of both forms 100, the others theirs plus 100. */
const ANSWER_IDS: Record<number, number> = {
  [RUPTELA.records]: 100,
  [RUPTELA.extendedRecords]: 100,
  [RUPTELA.dtcs]: 109,
  [RUPTELA.identification]: 115,
  [RUPTELA.heartbeat]: 116,
};

/**
 * The server's answer, or null: records (both forms), the identification, heartbeats and trouble codes are answered
 * 0x01 (accepted; a device not answered resends) under the id above. Answers to the server's commands get none.
 */
export const ruptelaAnswer = ({ command }: RuptelaMessage): Buffer | null =>
  command in ANSWER_IDS ? encodeRuptelaAnswer(ANSWER_IDS[command], Buffer.from([0x01])) : null;
