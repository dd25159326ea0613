import { crc16Ibm } from "./crc";
import { FrameError, FrameReader } from "./frame-reader";
import { TELTONIKA_IO, type IoTarget } from "./teltonika-io";
import type { TrackerRecord } from "./tracker-record";

/**
 * Teltonika's TCP protocol (wiki.teltonika-gps.com/view/Codec): the device opens with its IMEI
 * (2-byte length, ASCII digits), the server answers 0x01 (accept) or 0x00 (refuse); then AVL data
 * packets: 4 zero bytes, a 4-byte data length, the data (codec id, record count, records, record
 * count again) and a 4-byte CRC-16/IBM of the data. The server answers the record count (4 bytes)
 * once it has stored them. Codec 8 (0x08) and Codec 8 Extended (0x8E) are decoded.
 */
export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
/** Codec 12: GPRS commands to the device (type 0x05) and its responses (type 0x06), one ASCII text each. */
export const CODEC_12 = 0x0c;
export const CODEC_12_COMMAND = 0x05;
const CODEC_12_RESPONSE = 0x06;

/** A device's Codec 12 response: its text (trailing line ends dropped). */
const readCodec12Response = (reader: FrameReader) => {
  if (reader.u8() !== 1) throw new FrameError("Codec 12 packet with other than one response");
  if (reader.u8() !== CODEC_12_RESPONSE) throw new FrameError("Codec 12 packet from a device that is not a response");
  const text = reader
    .take(reader.u32())
    .toString("latin1")
    .replace(/[\r\n]+$/, "");
  if (reader.u8() !== 1 || reader.remaining !== 0) throw new FrameError("Codec 12 response quantities differ");
  return text;
};

/** The largest AVL data field accepted; FMB devices send at most 1,280 bytes per packet. */
export const MAX_TELTONIKA_DATA = 16_384;
const MAX_IMEI_LENGTH = 20;
const GPS_SCALE = 1e7;

/** The IMEI of a handshake at the start of `buffer`, or null while its bytes have not all arrived. */
export const readTeltonikaImei = (buffer: Buffer): { imei: string; length: number; messageKind: string } | null => {
  if (buffer.length < 2) return null;
  const size = buffer.readUInt16BE(0);
  if (size === 0 || size > MAX_IMEI_LENGTH) throw new FrameError(`IMEI length ${size} out of range`);
  if (buffer.length < 2 + size) return null;
  const imei = buffer.toString("latin1", 2, 2 + size);
  if (!/^\d+$/.test(imei)) throw new FrameError("IMEI is not digits");
  return { imei, length: 2 + size, messageKind: "IMEI login" };
};

/** The byte length of the AVL packet at the start of `buffer`, or null while its header has not arrived. */
export const teltonikaPacketLength = (buffer: Buffer): number | null => {
  if (buffer.length < 8) return null;
  if (buffer.readUInt32BE(0) !== 0) throw new FrameError("AVL packet preamble is not zero");
  const dataLength = buffer.readUInt32BE(4);
  if (dataLength < 3 || dataLength > MAX_TELTONIKA_DATA) throw new FrameError(`AVL data length ${dataLength} out of range`);
  return 8 + dataLength + 4;
};

const readRecord = (reader: FrameReader, extended: boolean): TrackerRecord => {
  /** IO ids and counts: two bytes in Codec 8 Extended, one in Codec 8. */
  const idBytes = extended ? 2 : 1;
  const time = new Date(reader.unsigned(8));
  reader.u8(); // priority
  const longitude = reader.i32() / GPS_SCALE;
  const latitude = reader.i32() / GPS_SCALE;
  const altitude = reader.i16();
  const heading = reader.u16();
  const satellites = reader.u8();
  const speedKmh = reader.u16();
  reader.unsigned(idBytes); // the IO id that triggered the record
  reader.unsigned(idBytes); // total IO count (the groups below carry their own)
  const io: TrackerRecord["io"] = {};
  const fix: Partial<NonNullable<TrackerRecord["fix"]>> = { latitude, longitude, altitude, heading, satellites, speedKmh };
  const target: IoTarget = { io, fix, events: [] };
  for (const size of [1, 2, 4, 8]) {
    const count = reader.unsigned(idBytes);
    for (let k = 0; k < count; k++) {
      const ioId = reader.unsigned(idBytes);
      const value = reader.unsigned(size);
      TELTONIKA_IO[ioId]?.(value, target);
    }
  }
  if (extended) {
    const count = reader.u16();
    for (let k = 0; k < count; k++) {
      reader.u16();
      reader.take(reader.u16()); // variable-length values (VIN, beacons...): not stored
    }
  }
  // No satellites: the device repeats its last fix or zeros; it is not a position.
  return {
    time,
    fix: satellites > 0 ? (fix as TrackerRecord["fix"]) : undefined,
    io,
    ...(target.events.length > 0 ? { events: target.events } : {}),
  };
};

/** What the Devices page calls each codec's packet (docs/trackers.md "Last message"). */
const MESSAGE_KINDS: Record<number, string> = { [CODEC_8]: "Codec 8", [CODEC_8_EXTENDED]: "Codec 8E", [CODEC_12]: "Codec 12 answer" };

/** The records of one complete AVL packet (as framed by `teltonikaPacketLength`). */
export const decodeTeltonikaPacket = (packet: Buffer): { codec: number; messageKind: string; records: TrackerRecord[]; answer?: string } => {
  const data = packet.subarray(8, packet.length - 4);
  const crc = packet.readUInt32BE(packet.length - 4);
  if (crc !== crc16Ibm(data)) throw new FrameError(`AVL packet CRC mismatch`);
  const reader = new FrameReader(data);
  const codec = reader.u8();
  const messageKind = MESSAGE_KINDS[codec];
  if (codec === CODEC_12) return { codec, messageKind, records: [], answer: readCodec12Response(reader) };
  if (codec !== CODEC_8 && codec !== CODEC_8_EXTENDED) throw new FrameError(`codec 0x${codec.toString(16)} not supported`);
  const count = reader.u8();
  const records = Array.from({ length: count }, () => readRecord(reader, codec === CODEC_8_EXTENDED));
  if (reader.u8() !== count) throw new FrameError("AVL record counts differ");
  if (reader.remaining !== 0) throw new FrameError("bytes after the AVL records");
  return { codec, messageKind, records };
};
