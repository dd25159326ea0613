import { describe, expect, it } from "vitest";
import { inspectionFormSchema, parseInspectionFilters } from "@/lib/dashboard/view/inspection-form";

const form = {
  type: "preTrip",
  vehicleId: "12",
  safetyStatus: "unsafe",
  signatureName: "  Lena Logbook ",
  odometer: "120345.5",
  trailerName: "Reefer 12",
  "defect-3": "on",
  "comment-3": " Soft pedal ",
  "photos-3": "41,42",
  "comment-4": "not ticked, not sent",
  "photos-4": "43",
  idempotencyKey: "0b6f3c1e-6a43-4a57-9b1c-7c1f3e2a9d10",
};

describe("the logbook's inspection form", () => {
  it("turns the ticked checklist entries, their comments and photos into defects, the odometer (miles, or the company's km) into meters", () => {
    expect(inspectionFormSchema.parse(form)).toEqual({
      type: "preTrip",
      vehicleId: 12,
      safetyStatus: "unsafe",
      signatureName: "Lena Logbook",
      trailerName: "Reefer 12",
      odometerMeters: Math.round(120345.5 * 1609.344),
      defects: [{ defectTypeId: 3, comment: "Soft pedal", photoIds: [41, 42] }],
      idempotencyKey: form.idempotencyKey,
    });
    expect(inspectionFormSchema.parse({ ...form, odometerUnit: "km" }).odometerMeters).toBe(120_345_500);
  });

  it("names the field a bad post got wrong", () => {
    for (const [change, field] of [
      [{ type: "mechanic" }, "type"],
      [{ vehicleId: "x" }, "vehicleId"],
      [{ safetyStatus: "" }, "safetyStatus"],
      [{ signatureName: "  " }, "signatureName"],
      [{ odometer: "lots" }, "odometer"],
      [{ idempotencyKey: "" }, "idempotencyKey"],
      [{ "photos-3": "1,2,3,4,5,6" }, "photos-3"],
      [{ "photos-3": "1,x" }, "photos-3"],
    ] as const) {
      const result = inspectionFormSchema.safeParse({ ...form, ...change });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].path).toEqual([field]);
    }
  });
});

describe("the Inspections page's filters", () => {
  it("reads vehicle, status, type and days in the company's zone; ignores nonsense", () => {
    const now = new Date("2026-11-27T18:00:00Z");
    const filters = parseInspectionFilters({
      params: { vehicle: "7", status: "unsafe", from: "2026-11-01", to: "2026-11-27" },
      timeZone: "America/Chicago",
      now,
    });
    expect(filters).toMatchObject({ vehicleId: 7, statuses: ["unsafe"], types: undefined });
    expect(filters.from?.toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(filters.to?.toISOString()).toBe("2026-11-28T06:00:00.000Z");
    const ignored = parseInspectionFilters({ params: { vehicle: "abc", status: "broken", type: "x" }, timeZone: "UTC", now });
    expect(ignored).toMatchObject({ vehicleId: undefined, statuses: undefined, types: undefined });
    expect(ignored.raw.from).toBe("2026-08-28");
  });
});
