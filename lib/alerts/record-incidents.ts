import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertIncidents, drivers, hosLogs } from "@/db/schema";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import type { Tenant } from "@/lib/tenant";
import type { AlertTrigger } from "./alert-trigger";
import { queueIncidentMail } from "./incident-mail";
import { incidentDetails, presentIncident, type AlertIncidentRow } from "./incident-payload";

type Named = { id: number; name: string };
export type IncidentOpening = { ruleId: number; trigger: AlertTrigger; vehicle: Named & { serial?: string | null }; place: (Named & { formattedAddress: string }) | null; at: Date; latitude?: number; longitude?: number; value?: number; detail?: string };

/** The driver whose duty log last named the vehicle at `at`, if any. */
const driverAt = async ({ db, tenant, vehicleId, at }: { db: Executor; tenant: Tenant; vehicleId: number; at: Date }): Promise<Named | null> => {
  const [row] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(hosLogs)
    .innerJoin(drivers, and(eq(drivers.companyId, hosLogs.companyId), eq(drivers.id, hosLogs.driverId)))
    .where(and(eq(hosLogs.companyId, tenant.companyId), eq(hosLogs.dataset, tenant.dataset), eq(hosLogs.vehicleId, vehicleId), lte(hosLogs.startTime, at)))
    .orderBy(desc(hosLogs.startTime))
    .limit(1);
  return row ?? null;
};

const raise = async ({ db, tenant, row, trigger, entering }: { db: Executor; tenant: Tenant; row: AlertIncidentRow; trigger: AlertTrigger; entering: boolean }) => {
  const orderingKey = `vehicle:${row.vehicleId}`;
  const incident = presentIncident(row);
  await enqueueWebhookEvent({ db, ...tenant, eventType: "AlertIncident", orderingKey, data: incident });
  // Samsara's geofence events accompany the entry and exit rules' incidents when they open.
  if (entering && (trigger.type === "placeEntry" || trigger.type === "placeExit")) {
    const data = Object.values(incident.conditions[0].details)[0] as Record<string, unknown>;
    await enqueueWebhookEvent({ db, ...tenant, eventType: trigger.type === "placeEntry" ? "GeofenceEntry" : "GeofenceExit", orderingKey, data: { ...data, eventTime: incident.happenedAtTime } });
  }
};

/** Writes a new incident, raises its webhook events and queues its e-mails, in the caller's transaction; returns its id. */
export const openIncident = async ({ db, tenant, opening }: { db: Executor; tenant: Tenant; opening: IncidentOpening }) => {
  const driver = await driverAt({ db, tenant, vehicleId: opening.vehicle.id, at: opening.at });
  const details = incidentDetails({ trigger: opening.trigger, vehicle: opening.vehicle, driver, place: opening.place, value: opening.value, detail: opening.detail });
  const [row] = await db
    .insert(alertIncidents)
    .values({ ...tenant, ruleId: opening.ruleId, vehicleId: opening.vehicle.id, driverId: driver?.id ?? null, placeId: opening.place?.id ?? null, latitude: opening.latitude ?? null, longitude: opening.longitude ?? null, startedAt: opening.at, details })
    .returning();
  await raise({ db, tenant, row, trigger: opening.trigger, entering: true });
  await queueIncidentMail({ db, tenant, incident: { ...row, vehicleName: opening.vehicle.name, driverName: driver?.name ?? null, place: opening.place, details } });
  return row.id;
};

/** Ends open incidents at `at` (the condition cleared) and raises their webhook events. */
export const closeIncidents = async ({ db, tenant, incidentIds, at, trigger }: { db: Executor; tenant: Tenant; incidentIds: number[]; at: Date; trigger: AlertTrigger }) => {
  if (incidentIds.length === 0) return;
  const rows = await db
    .update(alertIncidents)
    .set({ endedAt: sql`greatest(${alertIncidents.startedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: new Date() })
    .where(and(eq(alertIncidents.companyId, tenant.companyId), eq(alertIncidents.dataset, tenant.dataset), inArray(alertIncidents.id, incidentIds), isNull(alertIncidents.endedAt)))
    .returning();
  for (const row of rows) await raise({ db, tenant, row, trigger, entering: false });
};
