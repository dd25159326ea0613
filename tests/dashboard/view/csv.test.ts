import { describe, expect, it } from "vitest";
import { toCsvCell, toCsvHeader, toCsvLines } from "@/lib/platform/csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and writes dates as ISO 8601 UTC", () => {
    expect(toCsvCell('ACME, "North" yard')).toBe('"ACME, ""North"" yard"');
    expect(toCsvCell("two\nlines")).toBe('"two\nlines"');
    expect(toCsvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(toCsvCell(null)).toBe("");
    expect(toCsvCell(12.5)).toBe("12.5");
  });

  it("defuses spreadsheet formulas in text cells but keeps negative numbers", () => {
    expect(toCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(toCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(toCsvCell(-3)).toBe("-3");
  });

  // A spreadsheet opened in a locale whose separator is ";" (or a tab-separated paste) splits an
  // unquoted cell there: "Depot;=cmd" became a second cell starting with "=".
  it.each([
    ["a semicolon", "Depot;=2+5+cmd|' /C calc'!A0", "\"Depot;=2+5+cmd|' /C calc'!A0\""],
    ["a tab", "Depot\t=1+1", '"Depot\t=1+1"'],
    ["a comma", "Depot,=1+1", '"Depot,=1+1"'],
    ["a line break", "Depot\r\n=1+1", '"Depot\r\n=1+1"'],
    ["a leading =", "=1+1", "'=1+1"],
    ["a leading +", "+1+1", "'+1+1"],
    ["a leading -", "-1+1", "'-1+1"],
    ["a leading @", "@SUM(A1)", "'@SUM(A1)"],
    ["a leading tab", "\t=1+1", '"\'\t=1+1"'],
    ["a leading carriage return", "\r=1+1", '"\'\r=1+1"'],
    ["spaces before =", "  =1+1", "'  =1+1"],
    ["a no-break space before =", "\u00a0=1+1", "'\u00a0=1+1"],
    ["a full-width =", "\uff1d1+1", "'\uff1d1+1"],
  ])("quotes or defuses a cell with %s", (_case, value, written) => {
    expect(toCsvCell(value)).toBe(written);
  });

  it("writes a non-finite number as an empty cell", () => {
    expect(toCsvCell(Number.NaN)).toBe("");
    expect(toCsvCell(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("writes a header and one CRLF-terminated line per record", () => {
    const columns = [
      { header: "id", value: (r: { id: number; name: string }) => r.id },
      { header: "name", value: (r: { id: number; name: string }) => r.name },
    ];
    expect(
      toCsvHeader(columns) +
        toCsvLines(
          [
            { id: 1, name: "a" },
            { id: 2, name: "b,c" },
          ],
          columns,
        ),
    ).toBe('id,name\r\n1,a\r\n2,"b,c"\r\n');
  });
});
