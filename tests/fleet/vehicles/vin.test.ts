import { describe, expect, it } from "vitest";
import { makeVin } from "@/lib/runtime/seed/vin";
import { vinCheckDigit, vinProblem } from "@/lib/fleet/vehicles/vin";

describe("VIN check digit (49 CFR 565)", () => {
  // Published example VINs (Wikipedia's "Vehicle identification number", NHTSA examples), X included.
  it.each([
    ["1M8GDM9AXKP042788", "X"],
    ["11111111111111111", "1"],
    ["1HGCM82633A004352", "3"],
  ])("%s has check digit %s", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vinProblem(vin)).toBeNull();
  });

  it.each([
    ["1M8GDM9A1KP042788", "check digit (9th character) is 1, the other characters call for X"],
    ["1HGCM82633A00435", "17 characters, this one has 16"],
    ["1HGCM82633A0043521", "17 characters, this one has 18"],
    ["1HGCM8263OA004352", "never contains I, O or Q"],
    ["1HGCM8263-A004352", "only letters and digits"],
  ])("refuses %s: %s", (vin, reason) => {
    expect(vinProblem(vin)).toContain(reason);
  });

  it("the demo seed's VINs all pass", () => {
    for (let seed = 1; seed < 500; seed++) expect(vinProblem(makeVin({ wmi: "1FV", seed, year: 2018 + (seed % 7) }))).toBeNull();
  });
});
