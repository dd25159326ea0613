import { describe, expect, it } from "vitest";
import { formatAxisNumber, valueAxisWidth } from "@/lib/dashboard/view/chart-axis";

describe("value axis", () => {
  it("labels values with thousands separators, and ticks a twentieth apart distinctly", () => {
    expect(formatAxisNumber(187_789.5)).toBe("187,789.5");
    expect(formatAxisNumber(-12)).toBe("-12");
    expect(new Set([7486.3, 7486.35, 7486.4, 7486.45, 7486.5].map(formatAxisNumber)).size).toBe(5);
  });

  it("grows with the longest label its ticks can carry, including a minus sign and the decimals", () => {
    const fuel = valueAxisWidth([0, 100]);
    const odometer = valueAxisWidth([187_787.25, 187_789.5]);
    expect(odometer).toBeGreaterThan(60); // the fixed width that clipped "187,789.5"
    expect(odometer - fuel).toBeCloseTo(4 * 7.5, 0); // "187,789.50" is four characters longer than "100.00"
    expect(valueAxisWidth([-187_789, 3])).toBeGreaterThan(odometer);
    expect(valueAxisWidth([])).toBeGreaterThan(0);
  });
});
