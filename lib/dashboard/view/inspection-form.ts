import { z } from "zod";
import { DVIR_STATUSES, MAX_PHOTOS_PER_DEFECT, type DvirFilters, type DvirSubmission } from "@/lib/fleet/inspections";
import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";

const METERS_PER = { mi: 1609.344, km: 1000 } as const;
const DAY_MS = 86_400_000;
/** A phone's inspection fits in this many defects; more is a crafted post. */
const MAX_DEFECTS = 50;

/**
 * The logbook's "Vehicle inspection" form: one checkbox `defect-<typeId>` per checklist entry with
 * its comment `comment-<typeId>` and its uploaded photos' ids `photos-<typeId>` (comma-separated), the
 * odometer in the company's unit (`odometerUnit`, km or mi), the signature typed. The idempotency key is
 * rendered into the form, so a retry of the same form (a weak connection, a second tap) is one report.
 */
export const inspectionFormSchema = z
  .record(z.string(), z.string())
  .transform((fields, context): Omit<DvirSubmission, "type"> & { type: "preTrip" | "postTrip" } => {
    const issue = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    const type = fields.type;
    if (type !== "preTrip" && type !== "postTrip") return issue("type", "choose pre-trip or post-trip.");
    const vehicleId = Number(fields.vehicleId);
    if (!/^\d{1,9}$/.test(fields.vehicleId ?? "") || vehicleId < 1) return issue("vehicleId", "choose the vehicle you inspected.");
    const safetyStatus = fields.safetyStatus;
    if (safetyStatus !== "safe" && safetyStatus !== "unsafe") return issue("safetyStatus", "say whether the vehicle is safe to operate.");
    const signatureName = (fields.signatureName ?? "").trim();
    if (!signatureName) return issue("signatureName", "sign by typing your name.");
    if (signatureName.length > 100) return issue("signatureName", "at most 100 characters.");
    const unit = fields.odometerUnit === "km" ? "km" : "mi";
    const odometer = (fields.odometer ?? "").trim();
    if (odometer && !/^\d{1,7}(\.\d)?$/.test(odometer)) return issue("odometer", `the odometer in ${unit === "km" ? "kilometres" : "miles"}, e.g. 120345.`);
    const trailerName = (fields.trailerName ?? "").trim();
    if (trailerName.length > 100) return issue("trailerName", "at most 100 characters.");
    const defects = Object.keys(fields)
      .filter((field) => /^defect-\d{1,9}$/.test(field) && fields[field] === "on")
      .map((field) => {
        const defectTypeId = Number(field.slice("defect-".length));
        const photos = (fields[`photos-${defectTypeId}`] ?? "").split(",").filter(Boolean);
        return { defectTypeId, comment: (fields[`comment-${defectTypeId}`] ?? "").trim().slice(0, 1_000), photos };
      });
    const badPhotos = defects.find((defect) => defect.photos.length > MAX_PHOTOS_PER_DEFECT || defect.photos.some((id) => !/^\d{1,9}$/.test(id)));
    if (badPhotos) return issue(`photos-${badPhotos.defectTypeId}`, `at most ${MAX_PHOTOS_PER_DEFECT} photos a defect.`);
    if (defects.length > MAX_DEFECTS) return issue("defects", `at most ${MAX_DEFECTS} defects.`);
    const key = fields.idempotencyKey ?? "";
    if (!/^[\w-]{8,64}$/.test(key)) return issue("idempotencyKey", "reload the page and inspect again.");
    return {
      type,
      vehicleId,
      safetyStatus,
      signatureName,
      trailerName: trailerName || undefined,
      odometerMeters: odometer ? Math.round(Number(odometer) * METERS_PER[unit]) : undefined,
      defects: defects.map(({ photos, ...defect }) => ({ ...defect, photoIds: photos.map(Number) })),
      idempotencyKey: key,
    };
  });

const lenient = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional()).catch(undefined);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const filtersSchema = z.object({
  vehicle: lenient(z.coerce.number().int().min(1).max(2_147_483_647)),
  status: lenient(z.enum(DVIR_STATUSES)),
  type: lenient(z.enum(["preTrip", "postTrip", "mechanic"])),
  from: lenient(date),
  to: lenient(date),
});

/** The Inspections page's filters from its URL: vehicle, status, type, and whole days `from`..`to` in the company's zone (default the last 92 days). */
export const parseInspectionFilters = ({
  params,
  timeZone,
  now,
}: {
  params: Record<string, string | string[] | undefined>;
  timeZone: string;
  now: Date;
}): DvirFilters & { raw: { vehicle?: number; status?: string; type?: string; from: string; to: string } } => {
  const single = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = filtersSchema.parse(single);
  const to = parsed.to ?? dayInZone(now, timeZone);
  const from = parsed.from && parsed.from <= to ? parsed.from : dayInZone(new Date(now.getTime() - 91 * DAY_MS), timeZone);
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    vehicleId: parsed.vehicle,
    statuses: parsed.status ? [parsed.status] : undefined,
    types: parsed.type ? [parsed.type] : undefined,
    from: fromLocalInput(from, timeZone),
    to: fromLocalInput(next, timeZone),
    raw: { vehicle: parsed.vehicle, status: parsed.status, type: parsed.type, from, to },
  };
};
