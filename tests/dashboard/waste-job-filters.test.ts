import { describe, expect, it } from "vitest";
import { parseWasteJobFilters, toWasteJobSearchParams } from "@/lib/dashboard/waste-job-filters";

describe("waste-jobs page filters", () => {
  it("turn the URL into the query: one status, whole UTC days with the end day included, the vehicle and offset", () => {
    const { filters, query } = parseWasteJobFilters({ status: "InProgress", serviceType: "Collection", from: "2026-03-01", to: "2026-03-02", vehicle: "12", offset: "100" });
    expect(query).toEqual({
      statuses: ["InProgress"],
      serviceTypes: ["Collection"],
      scheduledFrom: new Date("2026-03-01T00:00:00Z"),
      scheduledTo: new Date("2026-03-03T00:00:00Z"),
      assignedToAssetId: 12,
    });
    expect(filters.offset).toBe(100);
    expect(toWasteJobSearchParams(filters).toString()).toBe("status=InProgress&serviceType=Collection&from=2026-03-01&to=2026-03-02&vehicle=12");
  });

  it("drop blank or hand-edited values instead of failing the page", () => {
    const { filters, query } = parseWasteJobFilters({ status: "Lost", from: "2026-13-45", vehicle: "x", offset: "-3", serviceType: "" });
    expect(query).toEqual({ statuses: undefined, serviceTypes: undefined, scheduledFrom: undefined, scheduledTo: undefined, assignedToAssetId: undefined });
    expect(filters.offset).toBe(0);
  });
});
