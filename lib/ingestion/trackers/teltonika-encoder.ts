import { CODEC_8, CODEC_8_EXTENDED, CODEC_12, CODEC_12_COMMAND } from "./teltonika-codec";
import { crc16Ibm } from "./crc";
import type { TrackerRecord } from "./tracker-record";

/**
 * Frames as a Teltonika device sends them, for the demo's simulated trackers, the benchmark and
 * the tests: the IMEI handshake and AVL packets of Codec 8 or 8 Extended; and the server's commands (Codec 12).
 */
export const encodeTeltonikaImei = (imei: string) => {
  const bytes = Buffer.alloc(2 + imei.length);
  bytes.writeUInt16BE(imei.length, 0);
  bytes.write(imei, 2, "latin1");
  return bytes;
};

/** [IO id, byte size, value] of the IO values a record carries. */
const ioElements = ({ io, fix }: TrackerRecord): [number, 1 | 2 | 4, number][] => {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : Number(value));
  const elements: [number, 1 | 2 | 4, number | undefined][] = [
    [239, 1, flag(io.ignition)],
    [1, 1, flag(io.digitalInput1)],
    [2, 1, flag(io.digitalInput2)],
    [3, 1, flag(io.digitalInput3)],
    [89, 1, io.fuelPercent === undefined ? undefined : Math.round(io.fuelPercent)],
    [66, 2, io.externalVolts === undefined ? undefined : Math.round(io.externalVolts * 1000)],
    [85, 2, io.engineRpm === undefined ? undefined : Math.round(io.engineRpm)],
    [81, 1, io.ecuSpeedKmh === undefined ? undefined : Math.round(io.ecuSpeedKmh)],
    [182, 2, fix?.hdop === undefined ? undefined : Math.round(fix.hdop * 10)],
    [87, 4, io.odometerMeters === undefined ? undefined : Math.round(io.odometerMeters)],
    [16, 4, io.gpsOdometerMeters === undefined ? undefined : Math.round(io.gpsOdometerMeters)],
  ];
  return elements.filter((element): element is [number, 1 | 2 | 4, number] => element[2] !== undefined);
};

const encodeRecord = (record: TrackerRecord, extended: boolean) => {
  const id = extended ? 2 : 1;
  const elements = ioElements(record);
  const bytes = Buffer.alloc(8 + 1 + 15 + id * 2 + 4 * id + elements.reduce((sum, [, size]) => sum + id + size, 0) + (extended ? 2 : 0));
  let at = bytes.writeBigUInt64BE(BigInt(record.time.getTime()), 0);
  at = bytes.writeUInt8(0, at); // priority: low
  const fix = record.fix;
  at = bytes.writeInt32BE(Math.round((fix?.longitude ?? 0) * 1e7), at);
  at = bytes.writeInt32BE(Math.round((fix?.latitude ?? 0) * 1e7), at);
  at = bytes.writeInt16BE(Math.round(fix?.altitude ?? 0), at);
  at = bytes.writeUInt16BE(Math.round(fix?.heading ?? 0) % 360, at);
  at = bytes.writeUInt8(fix?.satellites ?? 0, at);
  at = bytes.writeUInt16BE(Math.round(fix?.speedKmh ?? 0), at);
  const writeId = (value: number) => (extended ? bytes.writeUInt16BE(value, at) : bytes.writeUInt8(value, at));
  at = writeId(0); // event IO id: periodic record
  at = writeId(elements.length);
  for (const size of [1, 2, 4, 8]) {
    const group = elements.filter(([, bytesOf]) => bytesOf === size);
    at = writeId(group.length);
    for (const [ioId, , value] of group) {
      at = writeId(ioId);
      at = bytes.writeUIntBE(value, at, size);
    }
  }
  if (extended) bytes.writeUInt16BE(0, at); // no variable-length values
  return bytes;
};

/** One AVL packet carrying `records` (at most 255). */
export const encodeTeltonikaPacket = ({ records, codec = CODEC_8 }: { records: TrackerRecord[]; codec?: typeof CODEC_8 | typeof CODEC_8_EXTENDED }) => {
  const data = Buffer.concat([
    Buffer.from([codec, records.length]),
    ...records.map((record) => encodeRecord(record, codec === CODEC_8_EXTENDED)),
    Buffer.from([records.length]),
  ]);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data), 0);
  return Buffer.concat([header, data, crc]);
};

/** A Codec 12 packet with one command (the server's downlink: `setdigout 1`, `getgps`...). */
export const encodeTeltonikaCommand = (command: string) => {
  const text = Buffer.from(command, "latin1");
  const data = Buffer.alloc(1 + 1 + 1 + 4 + text.length + 1);
  let at = data.writeUInt8(CODEC_12, 0);
  at = data.writeUInt8(1, at);
  at = data.writeUInt8(CODEC_12_COMMAND, at);
  at = data.writeUInt32BE(text.length, at);
  at += text.copy(data, at);
  data.writeUInt8(1, at);
  const packet = Buffer.alloc(8 + data.length + 4);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
};
