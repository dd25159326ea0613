import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { safetyEvents } from "@/db/schema";
import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import type { EvaluatedRule, RuleTransition } from "./evaluate-vehicle";
import { HARSH_EVENT_KIND_LABELS, harshEventMatches } from "./harsh-event-trigger";
import { findComputedHarshEvents } from "@/lib/processing/safety-events/harsh-events-processor";
import { safetyEventSeverity } from "@/lib/telemetry/store/safety-events";

/** A safety event the window brings; `key` tells it from the vehicle's others (a stored event's uuid). */
export type WindowSafetyEvent = Pick<
  typeof safetyEvents.$inferSelect,
  "vehicleId" | "time" | "kind" | "severity" | "peakG" | "latitude" | "longitude" | "speed"
> & {
  key: string;
};

/**
 * The device-reported safety events stored with the window's rows. safety_events has no change sequence: a device's
 * event is written in the ingest transaction of its record's position or stat sample (at the record's time), so the
 * events whose vehicle and time are a row's of the window are those this window brings, each seen once.
 */
const deviceEvents = async ({ db, tenant, vehicles }: { db: Executor; tenant: Tenant; vehicles: readonly VehicleTelemetry[] }) => {
  const rowTimes = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const vehicle of vehicles)
    for (const rows of [vehicle.positions, vehicle.stats])
      for (const row of rows) {
        const ms = row.time.getTime();
        rowTimes.add(`${vehicle.vehicleId}:${ms}`);
        if (ms < first) first = ms;
        if (ms > last) last = ms;
      }
  if (rowTimes.size === 0) return [];
  const rows = await db
    .select({
      key: safetyEvents.eventUuid,
      vehicleId: safetyEvents.vehicleId,
      time: safetyEvents.time,
      kind: safetyEvents.kind,
      severity: safetyEvents.severity,
      peakG: safetyEvents.peakG,
      latitude: safetyEvents.latitude,
      longitude: safetyEvents.longitude,
      speed: safetyEvents.speed,
    })
    .from(safetyEvents)
    .where(
      and(
        whereTenant(safetyEvents, tenant),
        eq(safetyEvents.source, "device"),
        inArray(
          safetyEvents.vehicleId,
          vehicles.map((vehicle) => vehicle.vehicleId),
        ),
        gte(safetyEvents.time, new Date(first)),
        lte(safetyEvents.time, new Date(last)),
      ),
    )
    .orderBy(asc(safetyEvents.time));
  return rows.filter((row) => rowTimes.has(`${row.vehicleId}:${row.time.getTime()}`));
};

/**
 * The safety events the window brings, by vehicle in time order: the devices' stored with its rows, and (with
 * `computed`) the harsh speed changes its fixes complete, found as the harsh-events processor finds them rather
 * than read from what it stored (it runs on its own, before or after this window). Keyed as stored: a device
 * event by its uuid, a computed one by its kind and time (docs/decisions.md, "The harsh-event alert").
 */
export const windowSafetyEvents = async ({
  db,
  tenant,
  vehicles,
  computed,
}: {
  db: Executor;
  tenant: Tenant;
  vehicles: readonly VehicleTelemetry[];
  computed: boolean;
}) => {
  const events: WindowSafetyEvent[] = await deviceEvents({ db, tenant, vehicles });
  if (computed)
    for (const { vehicleId, kind, start, peakG } of await findComputedHarshEvents({ db, tenant, vehicles }))
      events.push({
        key: `computed:${kind}:${start.time.toISOString()}`,
        vehicleId,
        time: start.time,
        kind,
        severity: safetyEventSeverity(kind, peakG),
        peakG,
        latitude: start.latitude,
        longitude: start.longitude,
        speed: start.speed,
      });
  const byVehicle = new Map<number, WindowSafetyEvent[]>();
  for (const event of events.sort((a, b) => a.time.getTime() - b.time.getTime())) {
    const list = byVehicle.get(event.vehicleId);
    if (list) list.push(event);
    else byVehicle.set(event.vehicleId, [event]);
  }
  return byVehicle;
};

const detailOf = (event: WindowSafetyEvent) =>
  `${HARSH_EVENT_KIND_LABELS[event.kind]}${event.severity ? `, ${event.severity}` : ""}${event.peakG ? ` (${event.peakG.toFixed(2)} g)` : ""}`;

/**
 * A vehicle's events through its harsh-event rules: each event a rule matches (at an operational time) is an
 * incident of its own, opened and resolved at the event's time (an event has no duration), keyed by the event's id.
 */
export const harshEventTransitions = ({ events, rules }: { events: readonly WindowSafetyEvent[]; rules: readonly EvaluatedRule[] }) => {
  const transitions: RuleTransition[] = [];
  for (const event of events) {
    const sample = { time: event.time, latitude: event.latitude, longitude: event.longitude, speed: event.speed };
    for (const rule of rules) {
      if (rule.trigger.type !== "harshEvent" || !harshEventMatches(rule.trigger, event) || !rule.isActive(event.time)) continue;
      const base = { ruleId: rule.id, key: event.key, sample, placeId: null };
      transitions.push({ ...base, kind: "open", detail: detailOf(event) }, { ...base, kind: "close" });
    }
  }
  return transitions;
};
