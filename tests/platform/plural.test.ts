import { describe, expect, it } from "vitest";
import { countOf } from "@/lib/platform/plural";

describe("countOf", () => {
  it("says one in the singular, any other count in the plural, with grouping", () => {
    expect(countOf(1, "row")).toBe("1 row");
    expect(countOf(0, "row")).toBe("0 rows");
    expect(countOf(2, "row")).toBe("2 rows");
    expect(countOf(12_345, "row")).toBe("12,345 rows");
    expect(countOf(3, "stop", "stops")).toBe("3 stops");
    expect(countOf(1, "vehicle")).toBe("1 vehicle");
  });
});
