import { FrameError } from "./frame-reader";

/**
 * Framing and fields shared by the text protocols (H02, GPS103): frames end at a delimiter, carry
 * NMEA-style coordinates (degrees and decimal minutes with a hemisphere letter), speeds in knots and
 * two-digit years.
 */

/**
 * The byte length of the delimited frame at the start of `buffer` (the delimiter included, and any
 * CR/LF before it: line ends between frames), or null while its end has not arrived. More than
 * `maxLength` bytes without a delimiter is not a frame of the protocol.
 */
export const delimitedFrameLength = (buffer: Buffer, delimiters: readonly number[], maxLength: number): number | null => {
  const end = buffer.subarray(0, maxLength).findIndex((byte) => delimiters.includes(byte));
  if (end >= 0) return end + 1;
  if (buffer.length >= maxLength) throw new FrameError(`no frame end within ${maxLength} bytes`);
  return null;
};

/** The frame as text, without the line ends devices put between frames. */
export const frameText = (frame: Buffer) => frame.toString("latin1").replace(/^[\r\n]+/, "");

export const KMH_PER_KNOT = 1.852;

/**
 * A coordinate in degrees from the forms the text trackers write: `ddmm.mmmm` / `dddmm.mmmm` (any number of
 * minute decimals), `-dd-mm.mmmm` (degrees and minutes apart), and `ddmmmmmm` (four minute decimals, no
 * point); the hemisphere letter gives the sign. Null for an empty field; FrameError for anything else.
 */
export const parseDegreesMinutes = (value: string, hemisphere: string | undefined, limit: 90 | 180): number | null => {
  const text = value.trim();
  if (text === "") return null;
  let degrees: number;
  let minutes: number;
  const apart = /^-(\d{1,3})-(\d{1,2}(?:\.\d+)?)$/.exec(text);
  const pointed = /^(\d{0,3}?)(\d{1,2}\.\d+)$/.exec(text);
  const packed = /^(\d{1,3})(\d{2})(\d{4})$/.exec(text);
  if (apart) [degrees, minutes] = [Number(apart[1]), Number(apart[2])];
  else if (pointed) [degrees, minutes] = [Number(pointed[1] || "0"), Number(pointed[2])];
  else if (packed) [degrees, minutes] = [Number(packed[1]), Number(`${packed[2]}.${packed[3]}`)];
  else throw new FrameError(`coordinate "${text.slice(0, 20)}" is not degrees and minutes`);
  const result = degrees + minutes / 60;
  if (minutes >= 60 || result > limit) throw new FrameError("coordinate out of range");
  return hemisphere === "S" || hemisphere === "W" ? -result : result;
};

/** A UTC instant from two-digit-year date parts and a time of day; FrameError when a part is out of range. */
export const utcDate = (year: number, month: number, day: number, hour: number, minute: number, second: number) => {
  const time = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  const valid = [year, month, day, hour, minute, second].every(Number.isInteger) && month >= 1 && month <= 12 && time.getUTCDate() === day;
  if (!valid || hour > 23 || minute > 59 || second > 59) throw new FrameError("invalid date or time");
  return time;
};

/** `hhmmss` (optionally with fractions of a second) as hours, minutes and seconds, or null when the field is not one. */
export const timeOfDay = (value: string) => {
  const match = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/.exec(value);
  return match ? { hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3]) } : null;
};

/** A decimal field (speed, course), or undefined when empty; FrameError when it is not a number. */
export const decimal = (value: string | undefined): number | undefined => {
  const text = value?.trim() ?? "";
  if (text === "") return undefined;
  if (!/^-?\d+(?:\.\d*)?$/.test(text)) throw new FrameError(`"${text.slice(0, 20)}" is not a number`);
  return Number(text);
};
