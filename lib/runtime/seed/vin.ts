import { vinCheckDigit } from "@/lib/fleet/vehicles/vin";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

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
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};
