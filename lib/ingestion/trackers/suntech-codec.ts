import { FrameError } from "./frame-reader";
import { readUniversalBinary, readZip, UNIVERSAL_BINARY_KINDS, ZIP_KINDS } from "./suntech-binary";
import { suntechAlarms, suntechRecord, type SuntechAlarm, type SuntechValues } from "./suntech-fields";
import { readLegacyReport, readSt4Report, readSt910Report } from "./suntech-legacy";
import { readUniversalReport } from "./suntech-universal";
import { frameText } from "./text-frames";
import type { TrackerRecord } from "./tracker-record";

/**
 * Suntech (ST300 family and its siblings, and the universal firmware). Text reports are fields split at `;` ending with
 * a CR: `ST300STT;<device id>;…` (the model, then the type), `STT;<device id>;<mask>;…` (universal), `ST910;Location;…`.
 * Binary reports: the universal `0x81`/`0x82` and the ST300 family's `0x02…0x03` "zip". Over TCP the server answers
 * nothing: the documents' `ACK` is for UDP only, and the keep-alive (`ALV`) is never answered.
 */
const MAX_TEXT_LENGTH = 2_048;
const CR = 0x0d;
const LF = 0x0a;

/** What a report says: a position type (STT status, ALT alert, EMG emergency, EVT event, UEX serial data), as its header names it. */
export type SuntechMessage =
  | { type: "report"; id: string; kind: string; record: TrackerRecord; alarms: SuntechAlarm[]; stored: boolean }
  /** ALV keep-alive; RES/CMD command answers, HTE trip reports and the rest: they name the device, nothing is stored. */
  | { type: "keepAlive" | "other"; id: string; kind: string }
  | { type: "empty" };

/**
 * The byte length of the report at the start of `buffer`, or null while it has not all arrived. Text ends at a CR
 * that no LF follows (a UEX's serial data may hold CR LF; a CR LF ends any other report); line ends between reports are a
 * frame of their own (empty). Binary reports carry their length.
 */
export const suntechFrameLength = (buffer: Buffer): number | null => {
  if (buffer.length === 0) return null;
  const first = buffer[0];
  if (first === CR || first === LF) {
    const end = buffer.findIndex((byte) => byte !== CR && byte !== LF);
    return end < 0 ? buffer.length : end;
  }
  if (first === 0x02 || first >= 0x80) {
    if (buffer.length < 3) return null;
    // A universal binary report is short: its length's high byte is 0 (how it is told from text, as devices mix them).
    if (first !== 0x02 && buffer[1] !== 0) throw new FrameError("not a Suntech binary report");
    return 3 + buffer.readUInt16BE(1) + (first === 0x02 ? 1 : 0);
  }
  // `;`: the rest of a UEX whose serial data held a CR (read as a frame of its own, and ignored).
  if ((first < 0x41 || first > 0x5a) && first !== 0x3b) throw new FrameError("frame does not start with a Suntech header");
  if (buffer.subarray(0, 4).toString("latin1") === "CRR;") throw new FrameError("crash data (CRR) is not read");
  const serialData = buffer.subarray(0, 12).includes("UEX");
  for (let at = 0; at < Math.min(buffer.length, MAX_TEXT_LENGTH); at += 1) {
    if (buffer[at] !== CR) continue;
    if (at + 1 === buffer.length) return at + 1;
    if (buffer[at + 1] !== LF) return at + 1;
    if (!serialData) return at + 2;
  }
  if (buffer.length >= MAX_TEXT_LENGTH) throw new FrameError(`no frame end within ${MAX_TEXT_LENGTH} bytes`);
  return null;
};

const ID = /^\d{4,10}$/;
const UNIVERSAL_REPORTS = ["STT", "ALT", "EMG", "EVT", "UEX"];
const LEGACY_HEADER = /^(S[A-Z]\d{3})([A-Z]{3})?$/;

const report = (id: string, kind: string, values: SuntechValues, stored: boolean, now: Date): SuntechMessage => ({
  type: "report",
  id,
  kind,
  record: suntechRecord(values, now),
  alarms: suntechAlarms(values),
  stored,
});

const checkedId = (value: string | undefined) => {
  if (!ID.test(value ?? "")) throw new FrameError("device id is not 4 to 10 digits");
  return value!;
};

const decodeText = (frame: Buffer, now: Date): SuntechMessage => {
  const text = frameText(frame).replace(/[\r\n]+$/, "");
  if (text === "" || text.startsWith(";")) return { type: "empty" };
  const fields = text.split(";");
  const header = fields[0];
  if (/^[A-Z]{3}$/.test(header)) {
    const id = checkedId(fields[1]);
    if (header === "ALV") return { type: "keepAlive", id, kind: header };
    if (!UNIVERSAL_REPORTS.includes(header)) return { type: "other", id, kind: header };
    const { values, stored } = readUniversalReport(fields, header);
    return report(id, header, values, stored, now);
  }
  const legacy = LEGACY_HEADER.exec(header);
  if (!legacy) throw new FrameError("header is not a Suntech report's");
  const [, model, kind] = legacy;
  if (!kind) {
    if (!model.startsWith("ST9")) throw new FrameError("report without its type");
    const id = checkedId(fields[2]);
    if (!["Location", "Emergency", "Alert"].includes(fields[1])) return { type: "other", id, kind: fields[1] ?? "" };
    return report(id, fields[1], readSt910Report(fields, fields[1]), false, now);
  }
  // A command's answer: `ST300CMD;Res;<device id>;…`.
  if (fields[1] === "Res") return { type: "other", id: checkedId(fields[2]), kind };
  const id = checkedId(fields[1]);
  if (kind === "ALV") return { type: "keepAlive", id, kind };
  if (model.startsWith("ST4") && (kind === "STT" || kind === "ALT")) {
    const { values, stored } = readSt4Report(fields);
    return report(id, kind, values, stored, now);
  }
  if (!UNIVERSAL_REPORTS.includes(kind)) return { type: "other", id, kind };
  const { values, stored } = readLegacyReport(fields, kind);
  return report(id, kind, values, stored, now);
};

/** The message of one complete frame (as framed by `suntechFrameLength`); `now` dates a report of a device without a date yet. */
export const decodeSuntechFrame = (frame: Buffer, now = new Date()): SuntechMessage => {
  const first = frame[0];
  if (first === 0x02) {
    if (frame.length < 9 || frame[frame.length - 1] !== 0x03) throw new FrameError("zip report truncated or not ending with 0x03");
    if (!ZIP_KINDS[frame[3]]) throw new FrameError("zip report of an unknown header");
    const { id, kind, values } = readZip(frame);
    return report(id, kind, values, false, now);
  }
  if (first >= 0x80) {
    if (frame.length < 8) throw new FrameError("binary report truncated");
    const kind = UNIVERSAL_BINARY_KINDS[first];
    if (!kind) return { type: "other", id: frame.subarray(3, 8).toString("hex"), kind: `0x${first.toString(16)}` };
    const { id, values, stored } = readUniversalBinary(frame);
    return report(id, kind, values, stored, now);
  }
  return decodeText(frame, now);
};
