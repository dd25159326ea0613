import { describe, expect, it } from "vitest";
import { toCsvCell, toCsvHeader, toCsvLines } from "@/lib/dashboard/csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and writes dates as ISO 8601 UTC", () => {
    expect(toCsvCell('ACME, "North" yard')).toBe('"ACME, ""North"" yard"');
    expect(toCsvCell("two\nlines")).toBe('"two\nlines"');
    expect(toCsvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(toCsvCell(null)).toBe("");
    expect(toCsvCell(12.5)).toBe("12.5");
  });

  it("defuses spreadsheet formulas in text cells but keeps negative numbers", () => {
    expect(toCsvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(toCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(toCsvCell(-3)).toBe("-3");
  });

  it("writes a header and one CRLF-terminated line per record", () => {
    const columns = [
      { header: "id", value: (r: { id: number; name: string }) => r.id },
      { header: "name", value: (r: { id: number; name: string }) => r.name },
    ];
    expect(toCsvHeader(columns) + toCsvLines([{ id: 1, name: "a" }, { id: 2, name: "b,c" }], columns)).toBe('id,name\r\n1,a\r\n2,"b,c"\r\n');
  });
});
