import { describe, expect, it } from "vitest";
import { parseReportParams, toReportSearch } from "@/lib/reports/report-params";

const ZONE = "America/Chicago";
const parse = (params: Record<string, string | string[]>) => parseReportParams({ params, timeZone: ZONE, now: new Date("2026-11-03T12:00:00Z") });

describe("the report's URL", () => {
  it("reads the page of the table, 1 when none is given", () => {
    expect(parse({ kind: "trips" }).page).toBe(1);
    expect(parse({ kind: "trips", page: "3" }).page).toBe(3);
    expect(parse({ kind: "trips", page: "999999" }).page).toBe(999_999);
  });

  it.each([["0"], ["-1"], ["abc"], ["1.5"], [""], ["02"], ["1000000"], [["1", "2"]]])("refuses page %j, naming it", (page) => {
    expect(() => parse({ kind: "trips", page })).toThrow(expect.objectContaining({ code: "bad_request", message: expect.stringContaining('"page"') }));
  });

  it("writes a page's link with the report's choices, and the whole report's (the exports', the mail's) without a page", () => {
    const params = parse({ kind: "trips", from: "2026-11-01", to: "2026-11-02", vehicleIds: ["7", "9"], page: "4" });
    expect(toReportSearch(params).toString()).toBe("kind=trips&from=2026-11-01&to=2026-11-02&vehicleIds=7&vehicleIds=9");
    expect(toReportSearch(params, { page: 1 }).toString()).toBe("kind=trips&from=2026-11-01&to=2026-11-02&vehicleIds=7&vehicleIds=9");
    const second = toReportSearch(params, { page: 2 });
    expect(second.get("page")).toBe("2");
    const reread = parse(
      Object.fromEntries([...new Set(second.keys())].map((key) => [key, second.getAll(key).length === 1 ? second.get(key)! : second.getAll(key)])),
    );
    expect(reread).toEqual({ ...params, page: 2 });
  });
});
