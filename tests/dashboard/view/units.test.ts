import { describe, expect, it } from "vitest";
import { convertSpeed, formatSpeed } from "@/lib/dashboard/view/units";

describe("units", () => {
  it("converts m/s to km/h and mph", () => {
    expect(convertSpeed(10, "kmh")).toBeCloseTo(36);
    expect(convertSpeed(10, "mph")).toBeCloseTo(22.37, 2);
    expect(formatSpeed(null, "mph")).toBe("—");
  });
});
