import { FrameError, FrameReader } from "./frame-reader";
import { readJt808Location, type Jt808Location } from "./jt808-location";

/**
 * JT/T 808 (the Chinese road transport terminal standard, 2011/2013 and 2019 editions; also most MDVRs and
 * dashcams): every message runs from one 0x7E to the next; inside, 0x7E is sent as 0x7D 0x02 and 0x7D as
 * 0x7D 0x01. Unescaped, a message is its header (message id, body attributes — body length in bits 0–9,
 * encryption in 10–12, sub-packaging in 13, the 2019 edition's version flag in 14 —, [2019: protocol
 * version], the terminal's phone number in BCD (6 bytes; 2019: 10), its serial number [, the package count
 * and index when sub-packaged]), its body, and a check code: the XOR of every byte before it.
 */
export const JT808 = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  authenticate: 0x0102,
  location: 0x0200,
  locationQueryAnswer: 0x0201,
  vehicleControlAnswer: 0x0500,
  batch: 0x0704,
  platformResponse: 0x8001,
  registerResponse: 0x8100,
  locationQuery: 0x8201,
  textMessage: 0x8300,
  vehicleControl: 0x8500,
} as const;

/** Escaped, a message is at most twice its 1,023-byte body plus its header: more is not a JT808 terminal's. */
export const MAX_JT808_LENGTH = 4_096;
const FLAG = 0x7e;
const ESCAPE = 0x7d;

export type Jt808Header = { id: number; version: number | null; phone: Buffer; serial: number };

/** What the Devices page calls a message: its id and the standard's name for it (docs/trackers.md "Last message"). */
const MESSAGE_NAMES: Record<number, string> = {
  [JT808.terminalResponse]: "terminal response",
  [JT808.heartbeat]: "heartbeat",
  [JT808.logout]: "logout",
  [JT808.register]: "registration",
  [JT808.authenticate]: "authentication",
  0x0104: "parameters answer",
  0x0107: "attributes answer",
  [JT808.location]: "location",
  [JT808.locationQueryAnswer]: "location query answer",
  [JT808.vehicleControlAnswer]: "vehicle control answer",
  [JT808.batch]: "location batch",
  0x0800: "multimedia event",
  0x0801: "multimedia upload",
  0x0900: "transparent data",
};

const messageKindOf = (id: number) => `0x${id.toString(16).toUpperCase().padStart(4, "0")}${MESSAGE_NAMES[id] ? ` ${MESSAGE_NAMES[id]}` : ""}`;

type Jt808Base = { header: Jt808Header; identifier: string; messageKind: string };

export type Jt808Message =
  | (Jt808Base & { type: "register" | "authenticate" | "heartbeat" | "logout" })
  | (Jt808Base & {
      type: "locations";
      locations: Jt808Location[];
      /** For the answers to the platform's query (0x0201) and vehicle control (0x0500): the platform message's serial, and the location's status bits. */
      answerTo?: { serial: number; status: number };
    })
  /** The terminal general response (0x0001): the platform message's serial and id, and the result (0 success, 1 failure, 2 message error, 3 not supported). */
  | (Jt808Base & { type: "terminalResponse"; answerSerial: number; answerId: number; result: number })
  | (Jt808Base & { type: "other" });

/** The byte length of the message at the start of `buffer` (both 0x7E included), or null while its end has not arrived. */
export const jt808FrameLength = (buffer: Buffer): number | null => {
  if (buffer.length === 0) return null;
  if (buffer[0] !== FLAG) throw new FrameError("message does not start with 0x7E");
  const end = buffer.subarray(1, MAX_JT808_LENGTH).indexOf(FLAG);
  if (end >= 0) return end + 2;
  if (buffer.length >= MAX_JT808_LENGTH) throw new FrameError(`no 0x7E within ${MAX_JT808_LENGTH} bytes`);
  return null;
};

/** The bytes between the flags with 0x7D 0x02 → 0x7E and 0x7D 0x01 → 0x7D; any other byte after 0x7D is no message. */
const unescape = (escaped: Buffer) => {
  const bytes = Buffer.alloc(escaped.length);
  let length = 0;
  for (let index = 0; index < escaped.length; index++) {
    let byte = escaped[index];
    if (byte === ESCAPE) {
      const next = escaped[++index];
      if (next !== 0x01 && next !== 0x02) throw new FrameError("0x7D not followed by 0x01 or 0x02");
      byte = next === 0x02 ? FLAG : ESCAPE;
    }
    bytes[length++] = byte;
  }
  return bytes.subarray(0, length);
};

/** The XOR of `bytes`: the check code. */
export const jt808CheckCode = (bytes: Uint8Array) => bytes.reduce((code, byte) => code ^ byte, 0);

/**
 * The terminal's identifier: its phone number's BCD digits without the leading zeros (docs/trackers.md): a 2013
 * terminal's `013912344321` is `13912344321`; a 2019 terminal's 20 digits, often its IMEI zero-padded, the IMEI.
 */
export const jt808Identifier = (phone: Buffer) => {
  const digits = phone.toString("hex");
  if (!/^\d+$/.test(digits)) throw new FrameError("terminal phone number is not BCD digits");
  const identifier = digits.replace(/^0+/, "");
  if (identifier.length < 6) throw new FrameError("terminal phone number has fewer than 6 digits");
  return identifier;
};

const readHeader = (reader: FrameReader) => {
  const id = reader.u16();
  const attributes = reader.u16();
  if ((attributes & 0x1c00) !== 0) throw new FrameError("encrypted JT808 bodies are not read");
  const version = attributes & 0x4000 ? reader.u8() : null;
  const phone = reader.take(version === null ? 6 : 10);
  const serial = reader.u16();
  const split = (attributes & 0x2000) !== 0;
  if (split) reader.take(4); // package count and index
  return { header: { id, version, phone: Buffer.from(phone), serial }, bodyLength: attributes & 0x3ff, split };
};

/** A batch (0x0704): count, type (0 regular, 1 sent late), then each location's length and body. */
const readBatch = (reader: FrameReader, now: Date) => {
  const count = reader.u16();
  reader.u8(); // 0: regular reports, 1: reports kept while out of coverage (both are stored the same way)
  const locations = Array.from({ length: count }, () => readJt808Location(new FrameReader(reader.take(reader.u16())), now));
  if (reader.remaining !== 0) throw new FrameError("bytes after the batch's locations");
  return locations;
};

const readBody = (base: Jt808Base, body: FrameReader, now: Date): Jt808Message => {
  switch (base.header.id) {
    case JT808.register:
      return { type: "register", ...base };
    case JT808.authenticate:
      return { type: "authenticate", ...base };
    case JT808.heartbeat:
      return { type: "heartbeat", ...base };
    case JT808.logout:
      return { type: "logout", ...base };
    case JT808.location:
      return { type: "locations", ...base, locations: [readJt808Location(body, now)] };
    case JT808.terminalResponse:
      return { type: "terminalResponse", ...base, answerSerial: body.u16(), answerId: body.u16(), result: body.u8() };
    case JT808.locationQueryAnswer:
    case JT808.vehicleControlAnswer: {
      const serial = body.u16(); // the serial of the platform's query or command
      const status = body.remaining >= 8 ? body.bytes.readUInt32BE(body.offset + 4) : 0;
      return { type: "locations", ...base, locations: [readJt808Location(body, now)], answerTo: { serial, status } };
    }
    case JT808.batch:
      return { type: "locations", ...base, locations: readBatch(body, now) };
    default:
      return { type: "other", ...base };
  }
};

/** The message of one complete frame (as framed by `jt808FrameLength`). */
export const decodeJt808Frame = (frame: Buffer, now = new Date()): Jt808Message | null => {
  if (frame.length === 2) return null; // two flags back to back: nothing between them
  const bytes = unescape(frame.subarray(1, frame.length - 1));
  if (bytes.length < 13) throw new FrameError("JT808 message shorter than its header");
  if (jt808CheckCode(bytes.subarray(0, -1)) !== bytes[bytes.length - 1]) throw new FrameError("JT808 check code mismatch");
  const reader = new FrameReader(bytes.subarray(0, -1));
  const { header, bodyLength, split } = readHeader(reader);
  if (reader.remaining !== bodyLength) throw new FrameError(`JT808 body length ${bodyLength} is not the ${reader.remaining} bytes sent`);
  const base = { header, identifier: jt808Identifier(header.phone), messageKind: messageKindOf(header.id) };
  // A sub-packaged message (multimedia, long batches) is one part of a whole: not read, not answered.
  if (split) return { type: "other", ...base };
  return readBody(base, reader, now);
};

/** A message as the platform (or, for the tests and the demo, a terminal) sends it: header, body, check code, escaped, between flags. */
export const encodeJt808Frame = ({ id, version, phone, serial }: Jt808Header, body: Buffer) => {
  const header = Buffer.alloc(4 + (version === null ? 0 : 1));
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(body.length | (version === null ? 0 : 0x4000), 2);
  if (version !== null) header.writeUInt8(version, 4);
  const serialBytes = Buffer.alloc(2);
  serialBytes.writeUInt16BE(serial & 0xffff, 0);
  const plain = Buffer.concat([header, phone, serialBytes, body]);
  const checked = Buffer.concat([plain, Buffer.from([jt808CheckCode(plain)])]);
  const escaped: number[] = [FLAG];
  for (const byte of checked) {
    if (byte === FLAG) escaped.push(ESCAPE, 0x02);
    else if (byte === ESCAPE) escaped.push(ESCAPE, 0x01);
    else escaped.push(byte);
  }
  escaped.push(FLAG);
  return Buffer.from(escaped);
};

/**
 * The platform's answer, or null: registration gets 0x8100 (the registration's serial, result 0 and the
 * authentication code — the identifier: binding is by the phone number, as for the other protocols, so the
 * code is no secret); authentication, heartbeats, logout, location reports and batches get the platform general
 * response 0x8001 (the message's serial and id, result 0). The answer carries the message's phone number,
 * edition and serial. Answers to the platform's own commands (0x0001, 0x0201, 0x0500) and other messages get none.
 */
export const jt808Answer = (message: Jt808Message): Buffer | null => {
  const { header } = message;
  const answer = (id: number, body: Buffer) => encodeJt808Frame({ ...header, id }, body);
  if (message.type === "register") {
    const body = Buffer.alloc(3);
    body.writeUInt16BE(header.serial, 0);
    return answer(JT808.registerResponse, Buffer.concat([body, Buffer.from(message.identifier, "latin1")]));
  }
  const answered =
    message.type !== "other" &&
    message.type !== "terminalResponse" &&
    !(message.type === "locations" && header.id !== JT808.location && header.id !== JT808.batch);
  if (!answered) return null;
  const body = Buffer.alloc(5);
  body.writeUInt16BE(header.serial, 0);
  body.writeUInt16BE(header.id, 2);
  return answer(JT808.platformResponse, body);
};
