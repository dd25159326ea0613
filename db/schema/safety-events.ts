import { bigserial, doublePrecision, index, integer, pgTable, primaryKey, real, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/** What a safety event is (Samsara's behavior labels Acceleration, Braking, HarshTurn, Crash). */
export const SAFETY_EVENT_KINDS = ["harshAcceleration", "harshBraking", "harshCornering", "crash"] as const;
export type SafetyEventKind = (typeof SAFETY_EVENT_KINDS)[number];

/** Who found it: the device (its own accelerometer) or this service, from the speeds of consecutive fixes. */
export const SAFETY_EVENT_SOURCES = ["device", "computed"] as const;
export type SafetyEventSource = (typeof SAFETY_EVENT_SOURCES)[number];

/** How hard, from the peak g (lib/telemetry/store/safety-events.ts has the bounds); a crash is severe. */
export const SAFETY_EVENT_SEVERITIES = ["light", "moderate", "severe"] as const;
export type SafetyEventSeverity = (typeof SAFETY_EVENT_SEVERITIES)[number];

/**
 * Harsh driving and crashes (Samsara's safety events), as devices report them (written by ingestTelemetry in the
 * batch's transaction) or as the harsh-events processor computes them from speed changes for vehicles whose device
 * reports none (lib/processing/safety-events). Never updated: `created_at` is also Samsara's updatedAtTime.
 */
export const safetyEvents = pgTable(
  "safety_events",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    eventUuid: uuid("event_uuid").notNull().defaultRandom(),
    vehicleId: integer("vehicle_id").notNull(),
    time: utc("time").notNull(),
    kind: text("kind", { enum: SAFETY_EVENT_KINDS }).notNull(),
    source: text("source", { enum: SAFETY_EVENT_SOURCES }).notNull(),
    /** The peak acceleration in g, when the device reports it (computed events: the speed change's). */
    peakG: real("peak_g"),
    /** Null when neither the peak g nor the kind says (a harsh event without its g). */
    severity: text("severity", { enum: SAFETY_EVENT_SEVERITIES }),
    /** Where: the record's fix, else the vehicle's latest known one when the event was stored. */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    heading: real("heading"),
    /** m/s, the fix's. */
    speed: real("speed"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // A resent record (same vehicle, time and kind) is stored once.
    uniqueIndex("safety_events_vehicle_time_key").on(t.companyId, t.dataset, t.vehicleId, t.time, t.kind),
    index("safety_events_time_idx").on(t.companyId, t.dataset, t.time),
    index("safety_events_created_idx").on(t.companyId, t.dataset, t.createdAt),
  ],
);
