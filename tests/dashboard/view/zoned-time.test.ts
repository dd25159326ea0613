import { describe, expect, it } from "vitest";
import {
  dayInZone,
  formatCalendarDay,
  formatDateTime,
  formatTime,
  fromLocalInput,
  isoInZone,
  isTimeZone,
  startOfDayInZone,
  toLocalInput,
} from "@/lib/platform/zoned-time";

const winter = new Date("2026-11-21T20:05:09Z");
const summer = new Date("2026-07-04T20:05:09Z");

describe("times in the company's zone", () => {
  it("shows wall-clock time labelled with the zone, whatever the machine's own zone", () => {
    expect(formatTime(winter, "America/Chicago")).toBe("14:05 CST");
    expect(formatTime(summer, "America/Chicago")).toBe("15:05 CDT");
    expect(formatTime(winter, "UTC", { seconds: true })).toBe("20:05:09 UTC");
    expect(formatTime(winter, "America/Chicago", { zone: false })).toBe("14:05");
    expect(formatDateTime(winter, "America/Chicago")).toBe("Nov 21, 2026 14:05 CST");
    expect(formatDateTime(null, "America/Chicago")).toBe("—");
    expect(formatCalendarDay("2026-11-21")).toBe("Sat, Nov 21");
  });

  it("writes ISO 8601 with the zone's offset that parses back to the same instant", () => {
    expect(isoInZone(winter, "America/Chicago")).toBe("2026-11-21T14:05:09-06:00");
    expect(isoInZone(summer, "Asia/Kolkata")).toBe("2026-07-05T01:35:09+05:30");
    expect(Date.parse(isoInZone(winter, "America/Chicago"))).toBe(Math.floor(winter.getTime() / 1000) * 1000);
  });

  it("turns the zone's wall clock into instants, across DST changes", () => {
    expect(dayInZone(new Date("2026-11-21T03:00:00Z"), "America/Chicago")).toBe("2026-11-20");
    expect(toLocalInput(winter, "America/Chicago")).toBe("2026-11-21T14:05");
    expect(fromLocalInput("2026-11-21T14:05", "America/Chicago")).toEqual(new Date("2026-11-21T20:05:00Z"));
    // 8 March 2026: clocks jump from 02:00 CST to 03:00 CDT.
    expect(startOfDayInZone(new Date("2026-03-08T12:00:00Z"), "America/Chicago")).toEqual(new Date("2026-03-08T06:00:00Z"));
    expect(fromLocalInput("2026-03-08T04:00", "America/Chicago")).toEqual(new Date("2026-03-08T09:00:00Z"));
  });

  it("knows a real IANA zone from a typo", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
