import { encodeJt808Frame, JT808 } from "./jt808-codec";
import type { TrackerRecord } from "./tracker-record";

/** Messages as a JT808 terminal sends them, for the tests (and a simulator): the header of a 2013 terminal, or a 2019 one's with `version`. */
type Terminal = { identifier: string; serial: number; version?: number };

const headerOf = ({ identifier, serial, version }: Terminal, id: number) => {
  const digits = version === undefined ? 12 : 20;
  return { id, version: version ?? null, phone: Buffer.from(identifier.padStart(digits, "0"), "hex"), serial };
};

export const encodeJt808Heartbeat = (terminal: Terminal) => encodeJt808Frame(headerOf(terminal, JT808.heartbeat), Buffer.alloc(0));

/** Authentication (0x0102) with the code the registration's answer gave. */
export const encodeJt808Authentication = (terminal: Terminal, code: string) =>
  encodeJt808Frame(headerOf(terminal, JT808.authenticate), Buffer.from(code, "latin1"));

const bcd = (value: number) => Number.parseInt(String(value).padStart(2, "0"), 16);

/**
 * A location body: `alarmBits` as given, ACC and the fix in the status bits (with `statusBits`), the time in GMT+8,
 * then the mileage item (0x01).
 */
const locationBody = ({ time, fix, io }: TrackerRecord, alarmBits: number, statusBits = 0) => {
  const body = Buffer.alloc(28 + (io.gpsOdometerMeters === undefined ? 0 : 6));
  const status = statusBits | (io.ignition ? 1 : 0) | (fix ? 2 : 0) | ((fix?.latitude ?? 0) < 0 ? 4 : 0) | ((fix?.longitude ?? 0) < 0 ? 8 : 0);
  let at = body.writeUInt32BE(alarmBits >>> 0, 0);
  at = body.writeUInt32BE(status, at);
  at = body.writeUInt32BE(Math.round(Math.abs(fix?.latitude ?? 0) * 1e6), at);
  at = body.writeUInt32BE(Math.round(Math.abs(fix?.longitude ?? 0) * 1e6), at);
  at = body.writeInt16BE(Math.round(fix?.altitude ?? 0), at);
  at = body.writeUInt16BE(Math.round((fix?.speedKmh ?? 0) * 10), at);
  at = body.writeUInt16BE(Math.round(fix?.heading ?? 0) % 360, at);
  const china = new Date(time.getTime() + 8 * 3_600_000);
  for (const part of [
    china.getUTCFullYear() % 100,
    china.getUTCMonth() + 1,
    china.getUTCDate(),
    china.getUTCHours(),
    china.getUTCMinutes(),
    china.getUTCSeconds(),
  ])
    at = body.writeUInt8(bcd(part), at);
  if (io.gpsOdometerMeters !== undefined) {
    at = body.writeUInt8(0x01, at);
    at = body.writeUInt8(4, at);
    body.writeUInt32BE(Math.round(io.gpsOdometerMeters / 100), at);
  }
  return body;
};

/** A location report (0x0200). */
export const encodeJt808Location = (terminal: Terminal, record: TrackerRecord, alarmBits = 0) =>
  encodeJt808Frame(headerOf(terminal, JT808.location), locationBody(record, alarmBits));

/** The terminal general response (0x0001) to the platform message of `serial` and `id`: result 0 success, 1 failure, 2 message error, 3 not supported. */
export const encodeJt808TerminalResponse = (terminal: Terminal, answered: { serial: number; id: number }, result: number) => {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(answered.serial, 0);
  body.writeUInt16BE(answered.id, 2);
  body.writeUInt8(result, 4);
  return encodeJt808Frame(headerOf(terminal, JT808.terminalResponse), body);
};

/** The answer to the location query (0x0201) or vehicle control (0x0500): its serial, a location (`statusBits`: 10 fuel line cut, 11 power cut). */
export const encodeJt808LocationAnswer = (terminal: Terminal, id: 0x0201 | 0x0500, answeredSerial: number, record: TrackerRecord, statusBits = 0) => {
  const serial = Buffer.alloc(2);
  serial.writeUInt16BE(answeredSerial, 0);
  return encodeJt808Frame(headerOf(terminal, id), Buffer.concat([serial, locationBody(record, 0, statusBits)]));
};

/** A batch (0x0704) of regular reports. */
export const encodeJt808Batch = (terminal: Terminal, records: TrackerRecord[]) => {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(records.length, 0);
  const entries = records.map((record) => {
    const body = locationBody(record, 0);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(body.length, 0);
    return Buffer.concat([length, body]);
  });
  return encodeJt808Frame(headerOf(terminal, JT808.batch), Buffer.concat([head, ...entries]));
};
