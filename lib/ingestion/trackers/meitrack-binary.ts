import { FrameError, FrameReader } from "./frame-reader";
import { MEITRACK_EPOCH_SECONDS, meitrackInputs } from "./meitrack-events";
import type { TrackerRecord } from "./tracker-record";

/**
 * The binary forms, little-endian: CCC (the older models' compressed positions: a header of version, packet length
 * and remaining cache, then fixed 52-byte packets) and CCE (the newer models': remaining cache, packet count, then
 * packets of four groups of numbered parameters, of 1, 2 and 4 bytes and of a stated length).
 */

export type MeitrackPacket = { code: number | undefined; record: TrackerRecord };

const u16 = (reader: FrameReader) => reader.take(2).readUInt16LE(0);
const i16 = (reader: FrameReader) => reader.take(2).readInt16LE(0);
const u32 = (reader: FrameReader) => reader.take(4).readUInt32LE(0);
const i32 = (reader: FrameReader) => reader.take(4).readInt32LE(0);
const binaryTime = (seconds: number) => new Date((MEITRACK_EPOCH_SECONDS + seconds) * 1000);

const degrees = (latitude: number, longitude: number) => {
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new FrameError("coordinate out of range");
  return { latitude, longitude };
};

const CCC_PACKET = 52;

/** CCC: each packet's event, fix (valid flag 1), mileage (m) and run time (s); its I/O and power words are model-specific and not read. */
export const readMeitrackCcc = (data: Buffer): MeitrackPacket[] => {
  const reader = new FrameReader(data);
  reader.take(2); // protocol version
  const size = u16(reader);
  reader.take(4); // remaining cache
  if (size < CCC_PACKET || reader.remaining % size !== 0) throw new FrameError("CCC packets do not fill the frame");
  const packets: MeitrackPacket[] = [];
  while (reader.remaining > 0) {
    const packet = new FrameReader(reader.take(size));
    const code = packet.u8();
    const position = degrees(i32(packet) / 1e6, i32(packet) / 1e6);
    const time = binaryTime(u32(packet));
    const valid = packet.u8() === 1;
    const satellites = packet.u8();
    packet.u8(); // GSM signal
    const [speedKmh, heading, hdop, altitude] = [u16(packet), u16(packet), u16(packet) / 10, i16(packet)];
    const [meters, seconds] = [u32(packet), u32(packet)];
    const fix = valid ? { ...position, speedKmh, heading, hdop, altitude, satellites } : undefined;
    packets.push({ code, record: { time, fix, io: { gpsOdometerMeters: meters, engineSeconds: seconds } } });
  }
  return packets;
};

/** One CCE parameter group: its count, then each parameter's id (one byte, or two when the first is 0xFE) and value. */
const group = (reader: FrameReader, value: (id: number) => number | null, into: Map<number, number>) => {
  for (let count = reader.u8(); count > 0; count--) {
    const id = reader.bytes[reader.offset] === 0xfe ? reader.u16() : reader.u8();
    const read = value(id);
    if (read !== null) into.set(id, read);
  }
};

/** A CCE packet's parameters by id (the fixed-size groups; the stated-length group's cell, Wi-Fi and sensor values are skipped). */
const cceParameters = (reader: FrameReader) => {
  const values = new Map<number, number>();
  group(reader, () => reader.u8(), values);
  group(reader, (id) => (id === 0x0b ? i16(reader) : u16(reader)), values);
  group(reader, (id) => (id === 0x02 || id === 0x03 ? i32(reader) : u32(reader)), values);
  group(reader, () => (reader.take(reader.u8()), null), values);
  return values;
};

const scaled = (value: number | undefined, divisor: number) => (value === undefined ? undefined : value / divisor);

/** CCE: each packet's event (0x01, or the two-byte 0x40), fix, inputs, voltages, mileage, run time, fuel and the engine's OBD values. */
export const readMeitrackCce = (data: Buffer): MeitrackPacket[] => {
  const reader = new FrameReader(data);
  reader.take(4); // remaining cache
  const packets: MeitrackPacket[] = [];
  for (let count = u16(reader); count > 0; count--) {
    const packet = new FrameReader(reader.take(u16(reader)));
    packet.take(2); // packet index
    const p = cceParameters(packet);
    const time = p.get(0x04);
    if (time === undefined) throw new FrameError("CCE packet without a time");
    const position = p.has(0x02) && p.has(0x03) ? degrees(p.get(0x02)! / 1e6, p.get(0x03)! / 1e6) : null;
    const fix =
      position && p.get(0x05)
        ? { ...position, speedKmh: p.get(0x08) ?? 0, heading: p.get(0x09) ?? 0, hdop: scaled(p.get(0x0a), 10), altitude: p.get(0x0b), satellites: p.get(0x06) }
        : undefined;
    const minutes = p.get(0xfef4);
    const record: TrackerRecord = {
      time: binaryTime(time),
      fix,
      io: {
        ...(p.has(0x15) ? meitrackInputs(p.get(0x15)!) : {}),
        externalVolts: p.get(0x1a) ? p.get(0x1a)! / 100 : undefined,
        gpsOdometerMeters: p.get(0x0c),
        engineSeconds: minutes === undefined ? p.get(0x0d) : minutes * 60,
        fuelPercent: p.get(0x9d) ?? scaled(p.get(0x29), 100),
        engineRpm: p.get(0x99),
        coolantCelsius: p.get(0x9c),
        ecuSpeedKmh: p.get(0x91) ?? p.get(0x92),
        odometerMeters: p.get(0x9b),
        fuelUsedLiters: scaled(p.get(0xa0), 1000),
      },
    };
    packets.push({ code: p.get(0x40) ?? p.get(0x01), record });
  }
  return packets;
};
