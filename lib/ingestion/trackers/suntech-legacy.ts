import { FrameError } from "./frame-reader";
import { integer, suntechTime, type SuntechValues } from "./suntech-fields";
import { decimal } from "./text-frames";

/**
 * The text reports of the firmware before the universal one, `<model><type>;<device id>;…` split at `;`:
 * the ST300 family (ST300, ST340, ST350, ST310U…, SA200, ST500, ST600), the ST4xx portable units and the ST910.
 */

const DEGREES = /^[+-]?\d{1,3}\.\d+$/;
const IO_BITS = /^[01]{4,}$/;

/** Ignition and inputs 1 to 3 from the I/O characters (`ignition, input 1, input 2, input 3, out 1, out 2`, more on some models). */
const ioInputs = (value: string | undefined) =>
  IO_BITS.test(value ?? "") ? { ignition: value![0] === "1", input1: value![1] === "1", input2: value![2] === "1", input3: value![3] === "1" } : undefined;

/**
 * The fields after a report's type-specific ones: `H_METER;BCK_VOLT;MSG_TYPE` when the device is set to send them (HBM).
 * H_METER is a whole number of minutes: Suntech's ST310U Operation Manual (rev 1.08, 2017-07-13), section 7-4 "Setting
 * Hour-Meter", sets the same counter with `SetHMeter=<minute>`; Traccar's SuntechProtocolDecoder reads it as minutes
 * (its test: `…;33;003188;4.1;1` is 3188 min).
 */
const hourMeterTail = (fields: string[], at: number) => {
  const [meter, backup, messageType] = fields.slice(at, at + 3);
  if (!/^\d{1,10}$/.test(meter ?? "") || !/^\d{1,2}\.\d{1,2}$/.test(backup ?? "") || !/^[01]$/.test(messageType ?? "")) return null;
  return { hourMeterMinutes: Number(meter), stored: messageType === "0" };
};

/** How many fields a type has after the I/O before the hour meter: STT its mode and message number, EMG/EVT/ALT their id. */
const TYPE_FIELDS: Record<string, number> = { STT: 2, EMG: 1, EVT: 1, ALT: 1 };

/** The position fields ST300-family and ST4xx reports write in this order, from the latitude on. */
const positionOf = (time: Date | null, [latitude, longitude, speed, course, satellites, fix]: (string | undefined)[]) => ({
  time,
  latitude: Number(latitude),
  longitude: Number(longitude),
  speedKmh: decimal(speed),
  heading: decimal(course),
  satellites: integer(satellites),
  fixed: fix === "1",
});

/**
 * An ST300-family report (STT, EMG, EVT, ALT, UEX): `<device id>;[model;]<software>;<yyyymmdd>;<hh:mm:ss>;[cell…];<lat>;<lon>;
 * <km/h>;<course>;<satellites>;<fix>;<distance m>;<main power V>;<I/O>;…`. The fields between the time and the latitude
 * differ by model (none on ST500, the cell on ST300, the cell, MCC, MNC, LAC and signal on ST600): the latitude is the
 * first decimal after the time.
 */
export const readLegacyReport = (fields: string[], kind: string): { values: SuntechValues; stored: boolean } => {
  const dateAt = fields.findIndex((field, at) => at >= 2 && at <= 4 && /^\d{8}$/.test(field));
  if (dateAt < 0) throw new FrameError("no yyyymmdd date");
  const time = suntechTime(fields[dateAt], fields[dateAt + 1]);
  const latitudeAt = fields.findIndex((field, at) => at > dateAt + 1 && at <= dateAt + 7 && DEGREES.test(field));
  if (latitudeAt < 0) throw new FrameError("no latitude");
  const [latitude, longitude, speed, course, satellites, fix, distance, power, io] = fields.slice(latitudeAt, latitudeAt + 9);
  if (!DEGREES.test(longitude ?? "")) throw new FrameError("no longitude");
  const values: SuntechValues = {
    ...positionOf(time, [latitude, longitude, speed, course, satellites, fix]),
    distanceMeters: integer(distance),
    externalVolts: decimal(power),
    inputs: ioInputs(io),
  };
  const typeAt = latitudeAt + 9;
  if (kind === "ALT") values.alertId = integer(fields[typeAt]);
  if (kind === "EMG") values.emergencyId = integer(fields[typeAt]);
  // UEX: the serial data's length counts bytes that may hold `;`: nothing after it is read.
  const tail = kind === "UEX" ? null : hourMeterTail(fields, typeAt + (TYPE_FIELDS[kind] ?? 0));
  return { values: { ...values, hourMeterMinutes: tail?.hourMeterMinutes }, stored: tail?.stored ?? false };
};

/**
 * An ST4xx status or alert (`ST410STT`, `ST419ALT`…): `<device id>;<software>;<model>;[variant (model 41)];` seven cells of six
 * fields, the battery, a stored flag (0), the message number and status, then (when the unit has a fix) the date, time,
 * latitude, longitude, km/h, course, satellites and fix. These units have no ignition.
 */
export const readSt4Report = (fields: string[]): { values: SuntechValues; stored: boolean } => {
  const model = fields[3];
  const batteryAt = 4 + (model === "41" ? 1 : 0) + 7 * 6;
  const stored = fields[batteryAt + 1] === "0";
  const dateAt = fields.findIndex((field, at) => at > batteryAt && /^\d{8}$/.test(field) && /^\d{2}:\d{2}:\d{2}$/.test(fields[at + 1] ?? ""));
  if (dateAt < 0) return { values: { time: null, fixed: false }, stored };
  const [date, clock, latitude, longitude, speed, course, satellites, fix] = fields.slice(dateAt, dateAt + 8);
  if (!DEGREES.test(latitude ?? "") || !DEGREES.test(longitude ?? "")) throw new FrameError("no position after the date");
  return { values: positionOf(suntechTime(date, clock), [latitude, longitude, speed, course, satellites, fix]), stored };
};

/**
 * An ST910 report, `ST910;<Location|Emergency|Alert>;<device id>;[software;]<yyyymmdd>;<hh:mm:ss>;[cell;]<lat>;<lon>;<km/h>;
 * <course>;<fix>;…` (the software is left out of some alerts, the cell written by some firmware). An emergency is the panic button.
 */
export const readSt910Report = (fields: string[], kind: string): SuntechValues => {
  const dateAt = fields.findIndex((field, at) => at >= 3 && at <= 4 && /^\d{8}$/.test(field));
  if (dateAt < 0) throw new FrameError("no yyyymmdd date");
  const latitudeAt = DEGREES.test(fields[dateAt + 2] ?? "") ? dateAt + 2 : dateAt + 3;
  const [latitude, longitude, speed, course, fix] = fields.slice(latitudeAt, latitudeAt + 5);
  if (!DEGREES.test(latitude ?? "") || !DEGREES.test(longitude ?? "")) throw new FrameError("no position");
  return {
    time: suntechTime(fields[dateAt], fields[dateAt + 1]),
    latitude: Number(latitude),
    longitude: Number(longitude),
    speedKmh: decimal(speed),
    heading: decimal(course),
    fixed: fix === "1",
    emergencyId: kind === "Emergency" ? 1 : undefined,
  };
};
