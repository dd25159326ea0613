const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

const value = (char: string) => (/\d/.test(char) ? Number(char) : TRANSLITERATION[char]);

/** A structurally valid 17-character VIN (ISO 3779 check digit) from a deterministic seed number. */
export const makeVin = ({ wmi, seed, year }: { wmi: string; seed: number; year: number }) => {
  const yearCode = "ABCDEFGHJKLMNPRSTVWXY123456789"[(year - 2010 + 30) % 30];
  let state = seed * 2_654_435_761;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return VIN_CHARS[state % VIN_CHARS.length];
  };
  const descriptor = Array.from({ length: 5 }, next).join("");
  const serial = String(100_000 + (seed % 900_000)).padStart(6, "0");
  const draft = `${wmi}${descriptor}0${yearCode}${next()}${serial}`;
  const sum = [...draft].reduce((total, char, index) => total + value(char) * WEIGHTS[index], 0);
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
};
