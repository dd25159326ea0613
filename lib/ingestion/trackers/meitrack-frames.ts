import { FrameError } from "./frame-reader";

/**
 * Meitrack's framing, one form for its text and binary messages: `$$<flag><length>,<IMEI>,<command>,<data>*<checksum>\r\n`.
 * The flag is one character (0x41–0x7A) the device picks; the length (decimal) counts the bytes from the first comma
 * through the closing CR LF; the checksum is two hex digits, the sum of every byte from `$$` through `*` (mod 256).
 * The data may be binary (CCC, CCE, a photo's D00), so a frame is cut by its length, never by a delimiter.
 */
const MAX_MEITRACK_LENGTH = 8_192;
const HEADER = /^\$\$[\x41-\x7a](\d{1,5}),/;

/** The byte length of the frame at the start of `buffer`, or null while it has not all arrived; CR/LF between frames are a frame of their own (empty). */
export const meitrackFrameLength = (buffer: Buffer): number | null => {
  const start = buffer.findIndex((byte) => byte !== 0x0d && byte !== 0x0a);
  if (start < 0) return buffer.length > 0 ? buffer.length : null;
  if (start > 0) return start;
  const head = buffer.subarray(0, 9).toString("latin1");
  if (!"$$".startsWith(head.slice(0, 2))) throw new FrameError("frame does not start with $$");
  const header = HEADER.exec(head);
  if (!header) {
    if (buffer.length >= 9 || /[^$\x41-\x7a\d]/.test(head.slice(2))) throw new FrameError("no $$<flag><length>, header");
    return null;
  }
  const total = header[0].length - 1 + Number(header[1]);
  if (total > MAX_MEITRACK_LENGTH) throw new FrameError(`frame of ${total} bytes: longer than ${MAX_MEITRACK_LENGTH}`);
  return buffer.length >= total ? total : null;
};

const byteSum = (bytes: Buffer) => bytes.reduce((sum, byte) => (sum + byte) & 0xff, 0);

/** The frame's payload between `<IMEI>,<command>,` and `*<checksum>\r\n`, once its ending and checksum are verified (FrameError otherwise). */
export const verifiedMeitrackFrame = (frame: Buffer) => {
  const star = frame.length - 5;
  if (star < 0 || frame[star] !== 0x2a || frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a) {
    throw new FrameError("frame does not end with *<checksum>\\r\\n");
  }
  const checksum = frame.subarray(star + 1, star + 3).toString("latin1");
  if (!/^[0-9A-F]{2}$/i.test(checksum) || Number.parseInt(checksum, 16) !== byteSum(frame.subarray(0, star + 1))) {
    throw new FrameError("checksum does not match");
  }
  const first = frame.indexOf(0x2c);
  const second = frame.indexOf(0x2c, first + 1);
  const third = frame.indexOf(0x2c, second + 1);
  const commandEnd = third < 0 || third > star ? star : third;
  if (second < 0 || second > star) throw new FrameError("no command");
  return {
    flag: String.fromCharCode(frame[2]),
    imei: frame.subarray(first + 1, second).toString("latin1"),
    command: frame.subarray(second + 1, commandEnd).toString("latin1"),
    data: frame.subarray(Math.min(commandEnd + 1, star), star),
  };
};

/** A server message `@@<flag><length>,<IMEI>,<command>,<content>*<checksum>\r\n` (the device's flag echoed). */
export const meitrackCommand = ({ flag, imei, command, content }: { flag: string; imei: string; command: string; content: string }) => {
  const tail = `,${imei},${command},${content}*`;
  const head = `@@${flag}${tail.length + 4}`;
  const checksum = byteSum(Buffer.from(head + tail, "latin1"))
    .toString(16)
    .toUpperCase()
    .padStart(2, "0");
  return `${head}${tail}${checksum}\r\n`;
};
