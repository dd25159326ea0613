import { z } from "zod";
import type { SafetyEventKind } from "@/db/schema";
import type { SafetyEventRow } from "@/lib/processing/safety-events/list-safety-events";
import { reverseGeocode } from "@/lib/telemetry/store";
import { rfc3339, timestampSchema } from "./common";
import { toAddress, type AssetLookup } from "./trip-record";

/** Samsara's behavior label of each stored kind. */
export const BEHAVIOR_LABELS: Record<SafetyEventKind, string> = {
  harshAcceleration: "Acceleration",
  harshBraking: "Braking",
  harshCornering: "HarshTurn",
  crash: "Crash",
};

export const safetyEventSchema = z
  .object({
    id: z.string().meta({ description: "The event's uuid." }),
    asset: z.object({ id: z.string(), name: z.string().optional(), type: z.literal("vehicle").optional(), vin: z.string().optional() }),
    driver: z.object({ id: z.string() }).meta({ description: "Who drove then (driver–vehicle assignments); id empty when nobody is known." }),
    behaviorLabels: z.array(z.object({ label: z.string(), source: z.literal("automated") })),
    contextLabels: z.array(z.object({ authorId: z.string(), createdAtTime: timestampSchema, name: z.string() })),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema.meta({ description: "Events are never changed: the time it was stored." }),
    startMs: timestampSchema,
    endMs: timestampSchema,
    eventState: z.literal("needsReview"),
    inboxEventUrl: z.string(),
    incidentReportUrl: z.string(),
    location: z.object({
      latitude: z.number(),
      longitude: z.number(),
      headingDegrees: z.number(),
      address: z.object({ formattedAddress: z.string() }).loose().optional(),
    }),
    maxAccelerationGForce: z.number().meta({ description: "The peak the device reported (0 when it reported none)." }),
    speedMetersPerSecond: z.number().nullable().meta({ description: "Extension: the speed of the event's fix, m/s (null: no fix)." }),
    severity: z
      .enum(["light", "moderate", "severe"])
      .nullable()
      .meta({ description: "Extension: from the peak g (under 0.4 light, under 0.6 moderate, then severe); a crash is severe; null without a peak." }),
    source: z.enum(["device", "computed"]).meta({ description: "Extension: reported by the device, or computed from the speeds of its fixes." }),
  })
  .meta({ id: "SafetyEvent" });
export type SafetyEventRecord = z.output<typeof safetyEventSchema>;

export const presentSafetyEvent = (row: SafetyEventRow, lookup: AssetLookup | null): SafetyEventRecord => {
  const found = lookup?.(row.vehicleId);
  const formattedAddress = reverseGeocode(row);
  return {
    id: row.eventUuid,
    asset: found ? { id: String(row.vehicleId), name: found.name, type: "vehicle", vin: found.vin } : { id: String(row.vehicleId) },
    driver: { id: row.driverId === null ? "" : String(row.driverId) },
    behaviorLabels: [{ label: BEHAVIOR_LABELS[row.kind], source: "automated" }],
    contextLabels: [],
    createdAtTime: rfc3339(row.createdAt),
    updatedAtTime: rfc3339(row.createdAt),
    startMs: rfc3339(row.time),
    endMs: rfc3339(row.time),
    eventState: "needsReview",
    inboxEventUrl: `/playback?vehicle=${row.vehicleId}&at=${encodeURIComponent(rfc3339(row.time))}`,
    incidentReportUrl: "",
    location: {
      latitude: row.latitude,
      longitude: row.longitude,
      headingDegrees: row.heading ?? 0,
      address: { ...toAddress(formattedAddress), formattedAddress },
    },
    maxAccelerationGForce: row.peakG ?? 0,
    speedMetersPerSecond: row.speed,
    severity: row.severity,
    source: row.source,
  };
};
