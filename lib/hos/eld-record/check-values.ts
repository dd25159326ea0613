/**
 * The data check values of 49 CFR 395 subpart B, Appendix A 4.4.5: every character is mapped to a
 * number (Table 3: the digits 1-9, A-Z and a-z count as their ASCII code minus 48, so "1" is 1, "A" 17
 * and "z" 74; "0" and every other character count 0), the values are summed, the low byte (two bytes
 * for the file) is rotated left three times, and XORed with the rule's constant.
 */

/** Table 3: a character's value in every checksum. */
export const checkCharValue = (char: string) => {
  const code = char.charCodeAt(0);
  const isAlphanumeric = (code >= 49 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return isAlphanumeric ? code - 48 : 0;
};

const checksumOf = (text: string) => {
  let sum = 0;
  for (const char of text) sum += checkCharValue(char);
  return sum;
};

/** Three consecutive circular shifts left of one byte (rotate without carry). */
const rotateByteLeft3 = (byte: number) => ((byte << 3) | (byte >> 5)) & 0xff;

const hex = (value: number, digits: number) => value.toString(16).toUpperCase().padStart(digits, "0");

/** 4.4.5.1: the event data check value over the event's listed elements, in their order (two hex digits). */
export const eventDataCheckValue = (elements: readonly string[]) => hex(rotateByteLeft3(checksumOf(elements.join("")) & 0xff) ^ 0xc3, 2);

/** 4.4.5.2: a line's data check value over every character of the line before it (two hex digits). */
export const lineDataCheckValue = (line: string) => hex(rotateByteLeft3(checksumOf(line) & 0xff) ^ 0x96, 2);

/** 4.4.5.3: the file's data check value: the line check values summed (low 16 bits), each byte rotated, XOR 969C (four hex digits). */
export const fileDataCheckValue = (lineCheckValues: readonly string[]) => {
  const sum = lineCheckValues.reduce((total, value) => total + Number.parseInt(value, 16), 0) & 0xffff;
  const rotated = (rotateByteLeft3(sum >> 8) << 8) | rotateByteLeft3(sum & 0xff);
  return hex(rotated ^ 0x969c, 4);
};
