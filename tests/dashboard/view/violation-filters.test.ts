import { describe, expect, it } from "vitest";
import { parseViolationFilters } from "@/lib/dashboard/view/violation-filters";

const now = new Date("2026-03-10T15:00:00Z");

describe("violations page filters", () => {
  it("default to the last 7 days up to now", () => {
    const filters = parseViolationFilters({ params: {}, timeZone: "UTC", now });
    expect(filters).toMatchObject({ from: "2026-03-04", to: "2026-03-10", start: new Date("2026-03-04T00:00:00Z"), end: now });
  });

  it("take a driver, a type and whole days with the end day included", () => {
    const filters = parseViolationFilters({ params: { driver: "7", type: "shiftHours", from: "2026-02-01", to: "2026-02-03" }, timeZone: "UTC", now });
    expect(filters).toMatchObject({ driverId: 7, type: "shiftHours", start: new Date("2026-02-01T00:00:00Z"), end: new Date("2026-02-04T00:00:00Z") });
  });

  it("replace a reversed or over-long range with the 7 days ending at `to`, and drop bad values", () => {
    expect(parseViolationFilters({ params: { from: "2026-03-09", to: "2026-03-01" }, timeZone: "UTC", now }).from).toBe("2026-02-23");
    expect(parseViolationFilters({ params: { from: "2025-01-01", to: "2026-03-01" }, timeZone: "UTC", now }).from).toBe("2026-02-23");
    expect(parseViolationFilters({ params: { driver: "abc", type: "speeding" }, timeZone: "UTC", now })).toMatchObject({
      driverId: undefined,
      type: undefined,
    });
  });

  it("count days in the company's time zone", () => {
    const lateEvening = new Date("2026-03-11T03:00:00Z"); // 22:00 on March 10 in Chicago (CDT)
    const filters = parseViolationFilters({ params: { from: "2026-03-09", to: "2026-03-10" }, timeZone: "America/Chicago", now: lateEvening });
    expect(filters).toMatchObject({ from: "2026-03-09", to: "2026-03-10", start: new Date("2026-03-09T05:00:00Z"), end: lateEvening });
    expect(parseViolationFilters({ params: {}, timeZone: "America/Chicago", now: lateEvening }).to).toBe("2026-03-10");
  });
});
