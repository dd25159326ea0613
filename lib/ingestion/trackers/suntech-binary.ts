import { FrameError } from "./frame-reader";
import type { SuntechValues } from "./suntech-fields";
import { utcDate } from "./text-frames";

/**
 * Suntech's binary forms. The universal firmware's (`0x81` status, `0x82` alert): `<type><length u16><device id, 5 bytes read
 * as hex><mask u24>` and the mask's fields, as its text form's. The ST300 family's "zip" form: `0x02<length u16><header>
 * <device id, 5 BCD bytes>…0x03`, headers 0x10 status, 0x11 emergency, 0x12 event, 0x13 alert.
 */

/** A reader over a frame that raises FrameError past its end. */
const cursor = (frame: Buffer, start: number) => {
  let at = start;
  const need = (count: number) => {
    if (at + count > frame.length) throw new FrameError("binary Suntech report truncated");
    at += count;
    return at - count;
  };
  return {
    u8: () => frame[need(1)],
    u16: () => frame.readUInt16BE(need(2)),
    u32: () => frame.readUInt32BE(need(4)),
    bytes: (count: number) => frame.subarray(need(count), at),
    skip: (count: number) => void need(count),
  };
};

/** Six bytes `yy mm dd hh mm ss` (UTC); null when the device has no date yet (zeros). */
const binaryTime = (bytes: Buffer) => (bytes[1] === 0 ? null : utcDate(bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]));

/** Signed magnitude: the top bit is the sign, the other 31 the value. */
const signedMagnitude = (value: number) => (value & 0x7fffffff) * (value >>> 31 === 1 ? -1 : 1);

export const UNIVERSAL_BINARY_KINDS: Record<number, string> = { 0x81: "STT", 0x82: "ALT" };

/** A universal binary report: its device id and its values (fields past the alert id are not read). */
export const readUniversalBinary = (frame: Buffer) => {
  const kind = UNIVERSAL_BINARY_KINDS[frame[0]];
  const read = cursor(frame, 3);
  const id = read.bytes(5).toString("hex");
  const mask = (read.u8() << 16) | read.u16();
  const has = (bit: number) => (mask & (1 << bit)) !== 0;
  const values: SuntechValues = { time: null, fixed: false };
  let stored = false;
  if (has(1)) read.skip(1); // model
  if (has(2)) read.skip(3); // software
  if (has(3)) stored = read.u8() === 0;
  if (has(4) && has(5)) values.time = binaryTime(read.bytes(6));
  else if (has(4) || has(5)) read.skip(3);
  for (const [bit, size] of [
    [6, 4],
    [7, 2],
    [8, 2],
    [9, 2],
    [10, 1],
  ])
    if (has(bit)) read.skip(size);
  if (has(11)) values.latitude = signedMagnitude(read.u32()) / 1e6;
  if (has(12)) values.longitude = signedMagnitude(read.u32()) / 1e6;
  if (has(13)) values.speedKmh = read.u16() / 100;
  if (has(14)) values.heading = read.u16() / 100;
  if (has(15)) values.satellites = read.u8();
  if (has(16)) values.fixed = read.u8() > 0;
  if (has(17)) {
    const inputs = read.u8();
    values.inputs = { ignition: (inputs & 1) !== 0, input1: (inputs & 2) !== 0, input2: (inputs & 4) !== 0, input3: (inputs & 8) !== 0 };
  }
  if (has(18)) read.skip(1); // outputs
  if (has(19) && kind === "ALT") values.alertId = read.u8();
  return { id, values, stored };
};

/** Binary-coded decimal digits of `bytes` as a number. */
const bcd = (bytes: Buffer) => {
  const digits = bytes.toString("hex");
  if (!/^\d+$/.test(digits)) throw new FrameError("BCD field with a digit above 9");
  return Number(digits);
};

export const ZIP_KINDS: Record<number, string> = { 0x10: "STT", 0x11: "EMG", 0x12: "EVT", 0x13: "ALT" };

/**
 * A zip report: model, software, date and time, cell, latitude and longitude (one integer byte and three BCD bytes of
 * millionths, signs in the satellites byte), km/h and course (two integer bytes and one BCD byte of hundredths), satellites
 * and fix, distance (m), main power (an integer and a BCD byte), I/O, then the emergency or alert id.
 */
export const readZip = (frame: Buffer) => {
  const kind = ZIP_KINDS[frame[3]] ?? `0x${frame[3].toString(16).padStart(2, "0")}`;
  const read = cursor(frame, 4);
  const id = bcd(read.bytes(5)).toString().padStart(10, "0").slice(0, 9);
  read.skip(3); // model, software
  const time = binaryTime(read.bytes(6));
  read.skip(3); // cell
  const latitude = read.u8() + bcd(read.bytes(3)) / 1e6;
  const longitude = read.u8() + bcd(read.bytes(3)) / 1e6;
  const speedKmh = read.u16() + bcd(read.bytes(1)) / 100;
  const heading = read.u16() + bcd(read.bytes(1)) / 100;
  const satellitesAndFix = read.u8();
  const distanceMeters = read.u32();
  const externalVolts = read.u8() + bcd(read.bytes(1)) / 100;
  const io = read.u8();
  const typeId = read.u8();
  const values: SuntechValues = {
    time,
    latitude: satellitesAndFix & 0x40 ? -latitude : latitude,
    longitude: satellitesAndFix & 0x20 ? -longitude : longitude,
    speedKmh,
    heading,
    satellites: satellitesAndFix & 0x1f,
    fixed: (satellitesAndFix & 0x80) !== 0,
    distanceMeters,
    externalVolts,
    inputs: { ignition: (io & 1) !== 0, input1: (io & 2) !== 0, input2: (io & 4) !== 0, input3: (io & 8) !== 0 },
    alertId: kind === "ALT" ? typeId : undefined,
    emergencyId: kind === "EMG" ? typeId : undefined,
  };
  return { id, kind, values };
};
