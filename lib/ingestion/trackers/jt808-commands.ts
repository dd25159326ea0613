import type { QueuedCommand } from "@/lib/fleet/device-commands";
import { encodeJt808Frame, JT808, type Jt808Header, type Jt808Message } from "./jt808-codec";

/**
 * The platform's commands to a JT/T 808 terminal (docs/trackers.md "Commands to devices"):
 * - engine stop / resume: vehicle control 0x8500. The standard's one control is bit 0 of the control flag (1: lock,
 *   0: unlock; the 2019 edition: a list of controls, id 0x0001 with that byte), which aftermarket terminals wire to
 *   their relay (fuel or power cut). The terminal answers 0x0500 with its location, status bits 10 (fuel line cut)
 *   and 11 (power cut) saying what it did.
 * - request position: the location query 0x8201 (empty body), answered 0x0201 with a location.
 * - custom: the text message 0x8300 (flag 0x01; the 2019 edition adds the text type, 1: notice), which terminals
 *   take as an SMS command; the standard's text is GBK, whose ASCII part is what command sets use: other
 *   characters go as `?`.
 * Every answer names the command by the platform message's serial: 0x0201 and 0x0500 carry it first, and the
 * terminal general response 0x0001 carries it with the message id and a result.
 */
const CONTROL_DOOR_LOCK = 0x0001;
const TEXT_FLAG = 0x01;
const TEXT_TYPE_NOTICE = 0x01;
const RESULTS = ["succeeded", "failed", "message error", "not supported"];
const STATUS_FUEL_CUT = 1 << 10;
const STATUS_POWER_CUT = 1 << 11;

/** The JT808 message id each command kind is sent as. */
export const JT808_COMMAND_IDS = {
  engineStop: JT808.vehicleControl,
  engineResume: JT808.vehicleControl,
  requestPosition: JT808.locationQuery,
  custom: JT808.textMessage,
} as const;

const controlBody = (version: number | null, flag: number) => {
  if (version === null) return Buffer.from([flag]);
  const body = Buffer.alloc(5);
  body.writeUInt16BE(1, 0); // one control
  body.writeUInt16BE(CONTROL_DOOR_LOCK, 2);
  body.writeUInt8(flag, 4);
  return body;
};

const textBody = (version: number | null, text: string) => {
  const ascii = Buffer.from(text.replace(/[^\x20-\x7e]/g, "?"), "latin1");
  return Buffer.concat([Buffer.from(version === null ? [TEXT_FLAG] : [TEXT_FLAG, TEXT_TYPE_NOTICE]), ascii]);
};

/** The frame of `command` for the terminal whose header is `terminal` (its phone number and edition), with the platform's `serial`. */
export const encodeJt808Command = ({ kind, text }: Pick<QueuedCommand, "kind" | "text">, terminal: Pick<Jt808Header, "phone" | "version">, serial: number) => {
  const id = JT808_COMMAND_IDS[kind];
  const body =
    kind === "custom"
      ? textBody(terminal.version, text)
      : kind === "requestPosition"
        ? Buffer.alloc(0)
        : controlBody(terminal.version, kind === "engineStop" ? 1 : 0);
  return encodeJt808Frame({ id, version: terminal.version, phone: terminal.phone, serial }, body);
};

/** The position of a location answer, as the command's answer shows it. */
const positionText = (message: Extract<Jt808Message, { type: "locations" }>) => {
  const { fix, time } = message.locations[0].record;
  return fix ? `position ${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)} at ${time.toISOString()}` : "no fix";
};

/**
 * The platform serial a message answers and its text for the command's answer, or null when it answers none: the
 * general response's result (any but 0 a refusal), the position of a 0x0201, the relay state and position of a 0x0500.
 */
export const jt808CommandAnswer = (message: Jt808Message): { serial: number; messageId: number; text: string; refused: boolean } | null => {
  if (message.type === "terminalResponse") {
    const text = RESULTS[message.result] ?? `result ${message.result}`;
    return { serial: message.answerSerial, messageId: message.answerId, text, refused: message.result !== 0 };
  }
  if (message.type !== "locations" || !message.answerTo) return null;
  const { serial, status } = message.answerTo;
  if (message.header.id === JT808.locationQueryAnswer) return { serial, messageId: JT808.locationQuery, text: positionText(message), refused: false };
  const fuel = status & STATUS_FUEL_CUT ? "fuel line cut" : "fuel line on";
  const power = status & STATUS_POWER_CUT ? "power cut" : "power on";
  return { serial, messageId: JT808.vehicleControl, text: `${fuel}, ${power}; ${positionText(message)}`, refused: false };
};
