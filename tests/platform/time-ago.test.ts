import { describe, expect, it } from "vitest";
import { timeAgo } from "@/lib/platform/time-ago";

describe("timeAgo (the Devices page's last message)", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("says how long ago in its largest unit, rounded down", () => {
    expect([2, 40, 59, 60, 3_599, 3_600, 47 * 3_600, 48 * 3_600, 10 * 86_400].map((seconds) => timeAgo(before(seconds), now))).toEqual([
      "just now",
      "40 s ago",
      "59 s ago",
      "1 min ago",
      "59 min ago",
      "1 h ago",
      "47 h ago",
      "2 days ago",
      "10 days ago",
    ]);
  });

  it("calls an instant after now (another clock's) just now", () => {
    expect(timeAgo(before(-30), now)).toBe("just now");
  });
});
