import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { SAFETY_EVENT_KINDS, safetyEvents, vehicleState, vehicles, type SafetyEventKind, type SafetyEventSeverity, type SafetyEventSource } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { validateRecord, type RecordField, type TelemetryRecord } from "./telemetry-batch";

/**
 * A harsh driving event or crash for ingestion: what the device reported (or the harsh-events processor
 * computed), where and how fast when the record had a fix. A report without a place is stored at the vehicle's
 * latest known position; one for a vehicle that never had a fix is dropped (an event is a place on the map).
 */
export type SafetyEventReport = TelemetryRecord & {
  kind: SafetyEventKind;
  /** Default `device`. */
  source?: SafetyEventSource;
  /** The peak acceleration, g. */
  peakG?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  heading?: number | null;
  /** m/s */
  speed?: number | null;
};

export const SAFETY_EVENT_FIELDS: RecordField<SafetyEventReport>[] = [
  { name: "kind", column: "kind", type: "text", oneOf: SAFETY_EVENT_KINDS },
  { name: "peakG", column: "peak_g", type: "real", range: { min: 0, max: 100 } },
  { name: "latitude", column: "latitude", type: "float8", range: { min: -90, max: 90 } },
  { name: "longitude", column: "longitude", type: "float8", range: { min: -180, max: 180 } },
  { name: "heading", column: "heading", type: "real", range: { min: 0, max: 360 } },
  { name: "speed", column: "speed", type: "real", range: { min: 0, max: 150 } },
];

/**
 * Severity from the peak g (docs/decisions.md "Safety events"): under 0.4 g light, under 0.6 g moderate, then
 * severe; a crash is severe whatever it reports; a harsh event without its g has none.
 */
export const SEVERITY_BOUNDS_G = { moderate: 0.4, severe: 0.6 } as const;

export const safetyEventSeverity = (kind: SafetyEventKind, peakG: number | null | undefined): SafetyEventSeverity | null => {
  if (kind === "crash") return "severe";
  if (peakG === null || peakG === undefined) return null;
  return peakG >= SEVERITY_BOUNDS_G.severe ? "severe" : peakG >= SEVERITY_BOUNDS_G.moderate ? "moderate" : "light";
};

/** 400 naming `events[index].field` for the first bad value. */
export const validateSafetyEvents = (events: readonly SafetyEventReport[], nowMs: number) =>
  events.forEach((event, index) => validateRecord(event, SAFETY_EVENT_FIELDS, () => `events[${index}]`, nowMs));

/**
 * One tenant's events, in the caller's transaction (ingestTelemetry's, or a processor's): the vehicles the tenant
 * does not own are returned (the caller refuses the batch), a resend (same vehicle, time and kind) is skipped.
 * Few rows (events are rare), so a plain multi-row insert.
 */
export const writeSafetyEvents = async ({ db, tenant, events, now }: { db: Executor; tenant: Tenant; events: readonly SafetyEventReport[]; now: Date }) => {
  const vehicleIds = [...new Set(events.map((event) => event.vehicleId))];
  const owned = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, tenant.companyId), eq(vehicles.dataset, tenant.dataset), inArray(vehicles.id, vehicleIds)));
  const ownedIds = new Set(owned.map((row) => row.id));
  const unowned = vehicleIds.filter((id) => !ownedIds.has(id));
  if (unowned.length > 0) return { accepted: 0, unowned };
  const placeless = [...new Set(events.filter((event) => event.latitude == null || event.longitude == null).map((event) => event.vehicleId))];
  // Read after this batch's positions were written: a record without a fix takes the batch's latest one, or the stored one.
  const known =
    placeless.length === 0
      ? []
      : await db
          .select({ vehicleId: vehicleState.vehicleId, latitude: vehicleState.latitude, longitude: vehicleState.longitude })
          .from(vehicleState)
          .where(and(eq(vehicleState.companyId, tenant.companyId), eq(vehicleState.dataset, tenant.dataset), inArray(vehicleState.vehicleId, placeless)));
  const rows = events.flatMap((event) => {
    const fallback = known.find((row) => row.vehicleId === event.vehicleId);
    const hasFix = event.latitude != null && event.longitude != null;
    const latitude = hasFix ? event.latitude : fallback?.latitude;
    const longitude = hasFix ? event.longitude : fallback?.longitude;
    if (latitude == null || longitude == null) return [];
    return [
      {
        companyId: tenant.companyId,
        dataset: tenant.dataset,
        vehicleId: event.vehicleId,
        time: event.time,
        kind: event.kind,
        source: event.source ?? "device",
        peakG: event.peakG ?? null,
        severity: safetyEventSeverity(event.kind, event.peakG),
        latitude,
        longitude,
        heading: hasFix ? (event.heading ?? null) : null,
        speed: hasFix ? (event.speed ?? null) : null,
        createdAt: now,
      },
    ];
  });
  if (rows.length === 0) return { accepted: 0, unowned };
  const written = await db.insert(safetyEvents).values(rows).onConflictDoNothing().returning({ id: safetyEvents.id });
  return { accepted: written.length, unowned };
};
