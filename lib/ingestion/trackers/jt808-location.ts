import { FrameError, FrameReader } from "./frame-reader";
import type { TrackerEvent, TrackerRecord } from "./tracker-record";

/**
 * A JT/T 808 location (the body of 0x0200, and each entry of a 0x0704 batch): alarm bits (4 bytes), status
 * bits (4), latitude and longitude (millionths of a degree, the hemispheres in the status), altitude (m),
 * speed (0.1 km/h), direction (°), the time as BCD `YYMMDDhhmmss` in GMT+8 (China Standard Time, as the
 * standard has it), then additional items: id, length, value.
 */

/** The alarm bits of JT/T 808-2013 (table 24) this service names; the rest (camera, IC card, TTS faults…) are skipped. */
export const JT808_ALARM_BITS = {
  0: "sos",
  1: "overspeed",
  2: "fatigue",
  3: "danger",
  4: "gnssFault",
  5: "gnssAntennaCut",
  6: "gnssAntennaShort",
  7: "lowVoltage",
  8: "powerCut",
  19: "parking",
  20: "geofence",
  21: "route",
  23: "routeDeviation",
  25: "fuelAbnormal",
  26: "theft",
  27: "illegalIgnition",
  28: "illegalMovement",
  29: "collision",
  30: "rollover",
  31: "illegalDoor",
} as const;
export type Jt808Alarm = (typeof JT808_ALARM_BITS)[keyof typeof JT808_ALARM_BITS];

export type Jt808Location = { record: TrackerRecord; alarms: Jt808Alarm[] };

const STATUS = { acc: 1 << 0, positioned: 1 << 1, south: 1 << 2, west: 1 << 3 };
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The active-safety extension's driving behaviour item (0x70, JT/T 808 Jiangsu extension): its type byte. */
const HARSH_TYPES: Record<number, TrackerEvent["kind"]> = { 0x01: "harshAcceleration", 0x02: "harshBraking", 0x03: "harshCornering", 0x16: "crash" };

const bcd = (byte: number) => {
  const [high, low] = [byte >> 4, byte & 0x0f];
  if (high > 9 || low > 9) throw new FrameError("time is not BCD digits");
  return high * 10 + low;
};

/** `YYMMDDhhmmss` in GMT+8 as a UTC instant; all zeros (a terminal without a clock yet) is the arrival time. */
const readTime = (reader: FrameReader, now: Date) => {
  const bytes = reader.take(6);
  if (bytes.every((byte) => byte === 0)) return now;
  const [year, month, day, hour, minute, second] = [...bytes].map(bcd);
  const local = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  if (month < 1 || month > 12 || local.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) throw new FrameError("invalid date and time");
  return new Date(local.getTime() - CHINA_OFFSET_MS);
};

/** The additional items this service reads; the rest are skipped by their length. */
const readItem = (id: number, value: FrameReader, record: TrackerRecord, events: TrackerEvent[]) => {
  switch (id) {
    case 0x01: // mileage, 0.1 km (the standard calls it the odometer reading; aftermarket terminals count it from their fixes)
      record.io.gpsOdometerMeters = value.u32() * 100;
      break;
    case 0x03: // speed from the vehicle (tachograph), 0.1 km/h
      record.io.ecuSpeedKmh = value.u16() / 10;
      break;
    case 0x31: // satellites in view
      if (record.fix) record.fix.satellites = value.u8();
      break;
    case 0x70: {
      value.take(5); // alarm serial and status
      const kind = HARSH_TYPES[value.u8()];
      if (kind) events.push({ kind });
      break;
    }
  }
};

/** One location body, read to its end. */
export const readJt808Location = (reader: FrameReader, now: Date): Jt808Location => {
  const alarmBits = reader.u32();
  const status = reader.u32();
  const latitude = reader.u32() / 1e6;
  const longitude = reader.u32() / 1e6;
  const altitude = reader.i16();
  const speedKmh = reader.u16() / 10;
  const heading = reader.u16();
  const time = readTime(reader, now);
  if (latitude > 90 || longitude > 180) throw new FrameError("coordinates out of range");
  const positioned = (status & STATUS.positioned) !== 0 && (latitude !== 0 || longitude !== 0);
  const record: TrackerRecord = {
    time,
    fix: positioned
      ? { latitude: status & STATUS.south ? -latitude : latitude, longitude: status & STATUS.west ? -longitude : longitude, altitude, speedKmh, heading }
      : undefined,
    io: { ignition: (status & STATUS.acc) !== 0 },
  };
  const events: TrackerEvent[] = [];
  while (reader.remaining > 0) {
    const id = reader.u8();
    const value = reader.take(reader.u8());
    // An item shorter than its id's value is another maker's use of the id: skipped, as unknown ids are.
    try {
      readItem(id, new FrameReader(value), record, events);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
    }
  }
  const alarms = Object.entries(JT808_ALARM_BITS)
    .filter(([bit]) => (alarmBits & (2 ** Number(bit))) !== 0)
    .map(([, alarm]) => alarm);
  if (alarms.includes("collision") || alarms.includes("rollover")) events.push({ kind: "crash" });
  return { record: events.length > 0 ? { ...record, events } : record, alarms };
};
