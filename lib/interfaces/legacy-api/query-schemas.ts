import { z } from "zod";
import { WASTE_JOB_STATUSES, WASTE_SERVICE_TYPES } from "@/db/schema";
import { parseInstant } from "@/lib/platform/time-range";
import { WASTE_JOBS_MAX_LIMIT } from "@/lib/fleet/waste/find-waste-jobs";

export const LEGACY_VIN_LIST_MAX = 10_000;

/** Legacy booleans as .NET binds them: `true`/`false` in any case; anything else is a 400. */
export const legacyBoolean = z
  .string()
  .regex(/^(true|false)$/i, "must be true or false")
  .transform((value) => value.toLowerCase() === "true");

const queryInteger = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().regex(/^\d+$/, "must be an integer").transform(Number).pipe(z.number().int().min(min).max(max));

const instant = (name: string) => z.string().transform((value) => parseInstant(value, name));

export const additionalInfoQuerySchema = z.object({ additionalInfo: legacyBoolean.optional() });

export const wasteJobQuerySchema = z.object({
  status: z.array(z.enum(WASTE_JOB_STATUSES)).optional(),
  serviceType: z.array(z.enum(WASTE_SERVICE_TYPES)).optional(),
  scheduledFrom: instant("scheduledFrom").optional(),
  scheduledTo: instant("scheduledTo").optional(),
  assignedToAssetId: queryInteger(1).optional(),
  short: legacyBoolean.optional(),
  offset: queryInteger(0).optional(),
  limit: queryInteger(1, WASTE_JOBS_MAX_LIMIT).optional(),
});
export const WASTE_JOB_LIST_KEYS = ["status", "serviceType"] as const;

export const assetTrackQuerySchema = z.object({ vin: z.string().trim().min(1, "is required"), from: z.string().optional(), to: z.string().optional() });

export const vinListQuerySchema = z.object({ vin: z.array(z.string().trim().min(1)).optional() });

export const assetIdParamSchema = z.object({ assetId: queryInteger(1, 2_147_483_647) });

/** POST /api/v1/assets body: a JSON array of VIN strings. */
export const vinListBodySchema = z.array(z.string().trim().min(1).max(32)).max(LEGACY_VIN_LIST_MAX).meta({ id: "LegacyVinList" });
