import { describe, expect, it } from "vitest";
import { parseWasteJobFilters, toWasteJobSearchParams } from "@/lib/dashboard/view/waste-job-filters";

const NOW = new Date("2026-03-10T03:00:00Z");

describe("waste-jobs page filters", () => {
  it("turn the URL into the query: one status, whole UTC days with the end day included, the vehicle and offset", () => {
    const { filters, query } = parseWasteJobFilters({
      params: { status: "InProgress", serviceType: "Collection", from: "2026-03-01", to: "2026-03-02", vehicle: "12", offset: "100" },
      timeZone: "UTC",
      now: NOW,
    });
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
    const { filters, query } = parseWasteJobFilters({
      params: { status: "Lost", from: "2026-13-45", vehicle: "x", offset: "-3", serviceType: "" },
      timeZone: "UTC",
      now: NOW,
    });
    expect(query).toEqual({ statuses: undefined, serviceTypes: undefined, scheduledFrom: undefined, scheduledTo: undefined, assignedToAssetId: undefined });
    expect(filters.offset).toBe(0);
  });

  it("open on today's and upcoming jobs, today being the company's day, and keep a cleared start open", () => {
    const opening = parseWasteJobFilters({ params: {}, timeZone: "America/Chicago", now: NOW });
    expect(opening.filters.from).toBe("2026-03-09");
    expect(opening.query.scheduledFrom).toEqual(new Date("2026-03-09T05:00:00Z"));
    const cleared = parseWasteJobFilters({ params: { from: "" }, timeZone: "America/Chicago", now: NOW });
    expect(cleared.query.scheduledFrom).toBeUndefined();
    expect(toWasteJobSearchParams(cleared.filters).toString()).toBe("from=");
  });
});
