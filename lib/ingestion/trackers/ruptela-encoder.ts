import { crc16Kermit } from "./crc";
import { RUPTELA } from "./ruptela-codec";
import type { TrackerRecord } from "./tracker-record";

/**
 * Ruptela packets as a device sends them, for the tests and the fuzzer: length, IMEI, command id, payload,
 * CRC-16/KERMIT of the IMEI through the payload.
 */
export const encodeRuptelaPacket = (imei: string, command: number, payload: Buffer) => {
  const content = Buffer.alloc(9 + payload.length);
  content.writeBigUInt64BE(BigInt(imei), 0);
  content.writeUInt8(command, 8);
  payload.copy(content, 9);
  const frame = Buffer.alloc(2 + content.length + 2);
  frame.writeUInt16BE(content.length, 0);
  content.copy(frame, 2);
  frame.writeUInt16BE(crc16Kermit(content), 2 + content.length);
  return frame;
};

/** A record's IO elements, by value size: ignition (IO 5), the power supply (IO 29, mV) and the virtual odometer (IO 65, m). */
const ioGroups = ({ io }: TrackerRecord): [number, number][][] => [
  io.ignition === undefined ? [] : [[5, io.ignition ? 1 : 0]],
  io.externalVolts === undefined ? [] : [[29, Math.round(io.externalVolts * 1000)]],
  io.gpsOdometerMeters === undefined ? [] : [[65, io.gpsOdometerMeters]],
  [],
];

const encodeRecord = (record: TrackerRecord, extended: boolean) => {
  const idSize = extended ? 2 : 1;
  const header = Buffer.alloc(extended ? 25 : 23);
  let at = header.writeUInt32BE(Math.floor(record.time.getTime() / 1000), 0);
  at = header.writeUInt8(0, at); // timestamp extension
  if (extended) at = header.writeUInt8(0, at); // record extension: a whole record
  at = header.writeUInt8(0, at); // priority
  const fix = record.fix;
  at = header.writeInt32BE(fix ? Math.round(fix.longitude * 1e7) : -0x80000000, at);
  at = header.writeInt32BE(fix ? Math.round(fix.latitude * 1e7) : -0x80000000, at);
  at = header.writeUInt16BE(Math.round((fix?.altitude ?? 0) * 10), at);
  at = header.writeUInt16BE(Math.round((fix?.heading ?? 0) * 100), at);
  at = header.writeUInt8(fix?.satellites ?? 0, at);
  at = header.writeUInt16BE(Math.round(fix?.speedKmh ?? 0), at);
  at = header.writeUInt8(Math.round((fix?.hdop ?? 0) * 10), at);
  if (extended) header.writeUInt16BE(0, at);
  const groups = ioGroups(record).map((elements, group) => {
    const size = 2 ** group;
    const bytes = Buffer.alloc(1 + elements.length * (idSize + size));
    bytes.writeUInt8(elements.length, 0);
    elements.forEach(([id, value], index) => {
      const offset = 1 + index * (idSize + size);
      if (extended) bytes.writeUInt16BE(id, offset);
      else bytes.writeUInt8(id, offset);
      bytes.writeUIntBE(value, offset + idSize, size);
    });
    return bytes;
  });
  return Buffer.concat([header, ...groups]);
};

/** A records packet (command 1, or 68 when `extended`) of `records`, none left in the device's memory. */
export const encodeRuptelaRecords = ({ imei, records, extended = false }: { imei: string; records: readonly TrackerRecord[]; extended?: boolean }) =>
  encodeRuptelaPacket(
    imei,
    extended ? RUPTELA.extendedRecords : RUPTELA.records,
    Buffer.concat([Buffer.from([0, records.length]), ...records.map((record) => encodeRecord(record, extended))]),
  );

/** A heartbeat (command 16). */
export const encodeRuptelaHeartbeat = (imei: string) => encodeRuptelaPacket(imei, RUPTELA.heartbeat, Buffer.alloc(0));
