/**
 * The North American VIN rule (49 CFR 565): 17 characters of A-Z and 0-9 without I, O and Q, whose
 * 9th character is the check digit: each character's value times its position's weight, summed,
 * modulo 11 (10 is written X).
 */
const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

const valueOf = (character: string) => (/\d/.test(character) ? Number(character) : LETTER_VALUES[character]);

/** The check digit (`0`-`9` or `X`) the other 16 characters call for; the VIN must already be well-formed. */
export const vinCheckDigit = (vin: string): string => {
  const sum = [...vin].reduce((total, character, index) => total + valueOf(character) * WEIGHTS[index], 0);
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
};

/** Why a VIN is not valid, in words for the person who typed it; null when it is. */
export const vinProblem = (vin: string): string | null => {
  if (vin.length !== 17) return `a VIN has 17 characters, this one has ${vin.length}`;
  if (/[IOQ]/.test(vin)) return "a VIN never contains I, O or Q";
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return "a VIN has only letters and digits";
  const expected = vinCheckDigit(vin);
  if (vin[8] !== expected) return `the check digit (9th character) is ${vin[8]}, the other characters call for ${expected}`;
  return null;
};

/** Upper case, no spaces: how a VIN is stored and compared. */
export const normalizeVin = (vin: string): string => vin.replace(/\s+/g, "").toUpperCase();
