import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";

/** The PostgreSQL channel every instance listens on (lib/telemetry/fleet-events/fleet-event-bus.ts). */
export const FLEET_EVENTS_CHANNEL = "fleet_events";

/**
 * Something committed that other parts react to, in any instance: new telemetry of a tenant (its
 * change sequence advanced), alert incidents opened or closed, a command for a tracker. Small on purpose: a receiver
 * reads what changed from the tables.
 */
export type FleetEvent =
  | { kind: "telemetry"; companyId: number; dataset: Dataset }
  | { kind: "incident"; companyId: number; dataset: Dataset }
  /** A command was queued for the vehicle's tracker: the instance holding its connection sends it. */
  | { kind: "deviceCommand"; companyId: number; dataset: Dataset; vehicleId: number };

/**
 * Announces `events` when the caller's transaction commits (NOTIFY is transactional: a rolled-back
 * change announces nothing). Every instance's bus hears it, this one's included.
 */
export const publishFleetEvents = async ({ db, events }: { db: Executor; events: readonly FleetEvent[] }) => {
  if (events.length === 0) return;
  await db.execute(sql`select pg_notify(${FLEET_EVENTS_CHANNEL}, event::text) from jsonb_array_elements(${JSON.stringify(events)}::jsonb) as event`);
};

export const parseFleetEvent = (payload: string): FleetEvent | null => {
  try {
    const event = JSON.parse(payload) as FleetEvent;
    return event && typeof event === "object" && typeof event.kind === "string" ? event : null;
  } catch {
    return null;
  }
};
