import { encodeGt06Frame, GT06 } from "./gt06-codec";
import type { TrackerRecord } from "./tracker-record";

/** Frames as a GT06 device sends them, for the demo's simulated trackers, the benchmark and the tests. */
export const encodeGt06Login = (imei: string, serial: number) => encodeGt06Frame(GT06.login, Buffer.from(imei.padStart(16, "0"), "hex"), serial);

const COORDINATE_SCALE = 30_000 * 60;

/** A GPS+LBS+ACC packet (0x22) of a record with a fix; the cell is left zero. */
export const encodeGt06Location = (record: TrackerRecord & { fix: NonNullable<TrackerRecord["fix"]> }, serial: number) => {
  const { time, fix, io } = record;
  const content = Buffer.alloc(6 + 1 + 4 + 4 + 1 + 2 + 8 + 3);
  let at = 0;
  for (const part of [time.getUTCFullYear() - 2000, time.getUTCMonth() + 1, time.getUTCDate(), time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds()])
    at = content.writeUInt8(part, at);
  at = content.writeUInt8(0xc0 | Math.min(15, fix.satellites ?? 0), at);
  at = content.writeUInt32BE(Math.round(Math.abs(fix.latitude) * COORDINATE_SCALE), at);
  at = content.writeUInt32BE(Math.round(Math.abs(fix.longitude) * COORDINATE_SCALE), at);
  at = content.writeUInt8(Math.min(255, Math.round(fix.speedKmh)), at);
  const flags = 0x1000 | (fix.latitude >= 0 ? 0x0400 : 0) | (fix.longitude < 0 ? 0x0800 : 0) | (Math.round(fix.heading) % 360);
  at = content.writeUInt16BE(flags, at);
  at += 8; // MCC, MNC, LAC, cell id: none
  content.writeUInt8(io.ignition ? 1 : 0, at); // ACC; data upload mode and re-upload flag stay 0
  return encodeGt06Frame(GT06.gpsAcc, content, serial);
};

/** The server's command (0x80): its length, a zero server flag and the ASCII text (`Relay,1#`, `WHERE#`...). */
export const encodeGt06Command = (command: string, serial: number) => {
  const text = Buffer.from(command, "latin1");
  const content = Buffer.alloc(1 + 4 + text.length);
  content.writeUInt8(4 + text.length, 0);
  text.copy(content, 5);
  return encodeGt06Frame(GT06.command, content, serial);
};
