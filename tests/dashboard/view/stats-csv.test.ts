import { describe, expect, it } from "vitest";
import { toCsv } from "@/lib/platform/csv";
import { csvFileName } from "@/lib/dashboard/view/stats-csv";

describe("CSV", () => {
  it("writes a header and rows, quoting only cells that need it", () => {
    const csv = toCsv(
      [
        { header: "time", value: (row: { t: string; v: number | null; note: string }) => row.t },
        { header: "fuel (%)", value: (row) => row.v },
        { header: "note", value: (row) => row.note },
      ],
      [
        { t: "2026-11-21T08:00:00Z", v: 55.5, note: "a, b" },
        { t: "2026-11-21T08:05:00Z", v: null, note: 'say "hi"' },
        { t: "2026-11-21T08:10:00Z", v: Number.NaN, note: "x;=cmd" },
      ],
    );
    expect(csv).toBe('time,fuel (%),note\r\n2026-11-21T08:00:00Z,55.5,"a, b"\r\n2026-11-21T08:05:00Z,,"say ""hi"""\r\n2026-11-21T08:10:00Z,,"x;=cmd"\r\n');
  });
  it("names the file after the vehicle and range", () => {
    expect(csvFileName({ vehicleName: "DEMO-001", from: "2026-11-20T08:00:00.000Z", to: "2026-11-21T08:00:00.000Z" })).toBe(
      "DEMO-001-stats-2026-11-20T08-00-2026-11-21T08-00.csv",
    );
  });
});
