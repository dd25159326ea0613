import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertIncidents } from "@/db/schema";
import { intArray, numberArray, queryRows, timestampArray } from "@/db/rows";
import { enqueueWebhookEvents, type WebhookEvent } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import type { Tenant } from "@/lib/platform/tenant";
import { getDistanceUnit } from "@/lib/fleet/company-units";
import type { AlertTrigger } from "./alert-trigger";
import { queueIncidentMails } from "./incident-mail";
import { incidentDetails, presentIncident, type AlertIncidentRow, type IncidentDetails } from "./incident-payload";

type Named = { id: number; name: string };
export type IncidentOpening = {
  ruleId: number;
  trigger: AlertTrigger;
  vehicle: Named & { serial?: string | null };
  place: (Named & { formattedAddress: string }) | null;
  at: Date;
  latitude?: number;
  longitude?: number;
  value?: number;
  detail?: string;
};

/**
 * What happened to incidents, in the order it happened: an occurrence opened, or one ended at `at`.
 * `incident` is the id of an incident stored before, or the index in the same list of the opening
 * of one opened in the same batch (a vehicle may enter and leave between two batches).
 */
export type IncidentChange = { open: IncidentOpening } | { close: { incident: number | { opened: number }; at: Date } };

/** The driver whose duty log last named each vehicle at each time: one statement for the whole batch. */
const driversAt = async ({ db, tenant, openings }: { db: Executor; tenant: Tenant; openings: readonly IncidentOpening[] }) => {
  const rows = await queryRows<{ i: number; id: number; name: string }>(
    db,
    sql`select o.i, d.id, d.name
      from unnest(${intArray(openings.map((opening) => opening.vehicle.id))}, ${timestampArray(openings.map((opening) => opening.at))}) with
        ordinality as o(vehicle_id, at, i)
      cross join lateral (select driver_id from hos_logs l where l.company_id = ${tenant.companyId} and l.dataset = ${tenant.dataset} and l.vehicle_id
        = o.vehicle_id and l.start_time <= o.at order by l.start_time desc limit 1) last
      join drivers d on d.company_id = ${tenant.companyId} and d.id = last.driver_id`,
  );
  const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, { id: Number(row.id), name: row.name }]));
  return (index: number): Named | null => byIndex.get(index) ?? null;
};

type NewIncident = Pick<AlertIncidentRow, "ruleId" | "vehicleId" | "driverId" | "placeId" | "latitude" | "longitude" | "startedAt" | "endedAt"> & {
  details: IncidentDetails;
};

/**
 * Inserts incidents: their ids drawn first, so each row is known without matching what RETURNING
 * gives back, then one JSON parameter a statement (a batch can open thousands).
 */
const insertIncidents = async ({ db, tenant, rows }: { db: Executor; tenant: Tenant; rows: readonly NewIncident[] }): Promise<AlertIncidentRow[]> => {
  if (rows.length === 0) return [];
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('alert_incidents', 'id')) as id from generate_series(1, ${rows.length})`,
  );
  const now = new Date();
  const full: AlertIncidentRow[] = rows.map((row, i) => ({ ...row, ...tenant, id: Number(ids[i].id), readAt: null, createdAt: now, updatedAt: now }));
  for (let i = 0; i < full.length; i += 5_000) {
    const slice = full.slice(i, i + 5_000).map((row) => ({
      id: row.id,
      rule_id: row.ruleId,
      vehicle_id: row.vehicleId,
      driver_id: row.driverId,
      place_id: row.placeId,
      latitude: row.latitude,
      longitude: row.longitude,
      started_at: row.startedAt,
      ended_at: row.endedAt,
      details: row.details,
    }));
    await db.execute(sql`insert into alert_incidents (id, company_id, dataset, rule_id, vehicle_id, driver_id, place_id, latitude, longitude,
      started_at, ended_at, details, created_at, updated_at)
      select r.id, ${tenant.companyId}, ${tenant.dataset}, r.rule_id, r.vehicle_id, r.driver_id, r.place_id, r.latitude, r.longitude, r.started_at,
        r.ended_at, r.details, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as r(id bigint, rule_id int, vehicle_id int, driver_id int, place_id int, latitude
        float8, longitude float8, started_at timestamptz, ended_at timestamptz, details jsonb)`);
  }
  return full;
};

/** Ends stored incidents (still open) at their times; returns the rows ended. */
const endStored = async ({ db, tenant, ends }: { db: Executor; tenant: Tenant; ends: readonly { id: number; at: Date }[] }): Promise<AlertIncidentRow[]> => {
  if (ends.length === 0) return [];
  const ended = await queryRows<{ id: string }>(
    db,
    sql`update alert_incidents set ended_at = greatest(alert_incidents.started_at, e.at), updated_at = now()
      from unnest(${numberArray(
        ends.map((end) => end.id),
        "bigint",
      )}, ${timestampArray(ends.map((end) => end.at))}) as e(id, at)
      where alert_incidents.company_id = ${tenant.companyId} and alert_incidents.dataset = ${tenant.dataset} and alert_incidents.id = e.id and
        alert_incidents.ended_at is null
      returning alert_incidents.id`,
  );
  if (ended.length === 0) return [];
  return db
    .select()
    .from(alertIncidents)
    .where(
      and(
        eq(alertIncidents.companyId, tenant.companyId),
        sql`${alertIncidents.id} = any(${numberArray(
          ended.map((row) => Number(row.id)),
          "bigint",
        )})`,
      ),
    )
    .orderBy(asc(alertIncidents.id));
};

/**
 * The webhook events of an incident opening (its trigger given) or ending (null): AlertIncident, and Samsara's geofence
 * event with an entry or exit rule's opening.
 */
const eventsOf = (row: AlertIncidentRow, trigger: AlertTrigger | null): WebhookEvent[] => {
  const orderingKey = `vehicle:${row.vehicleId}`;
  const incident = presentIncident(row);
  const events: WebhookEvent[] = [{ eventType: "AlertIncident", orderingKey, data: incident }];
  if (trigger?.type === "placeEntry" || trigger?.type === "placeExit") {
    const data = Object.values(incident.conditions[0].details)[0] as Record<string, unknown>;
    events.push({
      eventType: trigger.type === "placeEntry" ? "GeofenceEntry" : "GeofenceExit",
      orderingKey,
      data: { ...data, eventTime: incident.happenedAtTime },
    });
  }
  return events;
};

/**
 * Writes a batch of incident changes in the caller's transaction, in a fixed number of statements
 * whatever their number: the incidents opened (with their drivers), the stored ones ended, their
 * webhook events in the order the changes happened (per vehicle, the order receivers get them), and
 * the e-mails of the opened ones. Returns the new incidents' ids by the index of their opening.
 */
export const recordIncidents = async ({
  db,
  tenant,
  changes,
}: {
  db: Executor;
  tenant: Tenant;
  changes: readonly IncidentChange[];
}): Promise<Map<number, number>> => {
  const openingIndexes = changes.flatMap((change, index) => ("open" in change ? [index] : []));
  const openings = openingIndexes.map((index) => (changes[index] as { open: IncidentOpening }).open);
  const openingAt = new Map(openingIndexes.map((changeIndex, i) => [changeIndex, i]));
  const endedInBatch = new Map<number, Date>();
  const storedEnds: { id: number; at: Date }[] = [];
  for (const change of changes) {
    if (!("close" in change)) continue;
    const { incident, at } = change.close;
    if (typeof incident === "number") storedEnds.push({ id: incident, at });
    else endedInBatch.set(incident.opened, at);
  }
  const driverOf = openings.length > 0 ? await driversAt({ db, tenant, openings }) : () => null;
  // The text is written once, in the unit the company had then (as its names are the names they had then).
  const unit = openings.length > 0 ? await getDistanceUnit({ db, companyId: tenant.companyId }) : "km";
  const openedRows = await insertIncidents({
    db,
    tenant,
    rows: openings.map((opening, i) => {
      const driver = driverOf(i);
      const endedAt = endedInBatch.get(openingIndexes[i]);
      return {
        ruleId: opening.ruleId,
        vehicleId: opening.vehicle.id,
        driverId: driver?.id ?? null,
        placeId: opening.place?.id ?? null,
        latitude: opening.latitude ?? null,
        longitude: opening.longitude ?? null,
        startedAt: opening.at,
        endedAt: endedAt ? new Date(Math.max(endedAt.getTime(), opening.at.getTime())) : null,
        details: incidentDetails({
          trigger: opening.trigger,
          unit,
          vehicle: opening.vehicle,
          driver,
          place: opening.place,
          value: opening.value,
          detail: opening.detail,
        }),
      };
    }),
  });
  const stored = new Map((await endStored({ db, tenant, ends: storedEnds })).map((row) => [row.id, row]));
  const events: WebhookEvent[] = [];
  changes.forEach((change, index) => {
    if ("open" in change) {
      const row = openedRows[openingAt.get(index)!];
      events.push(...eventsOf({ ...row, endedAt: null }, change.open.trigger));
      return;
    }
    const { incident } = change.close;
    const row = typeof incident === "number" ? stored.get(incident) : openedRows[openingAt.get(incident.opened)!];
    if (row?.endedAt) events.push(...eventsOf(row, null));
  });
  await enqueueWebhookEvents({ db, ...tenant, events });
  await queueIncidentMails({
    db,
    tenant,
    incidents: openedRows.map((row, i) => ({
      ...row,
      vehicleName: openings[i].vehicle.name,
      driverName: driverOf(i)?.name ?? null,
      place: openings[i].place,
      details: openedRows[i].details as IncidentDetails,
    })),
  });
  return new Map(openingIndexes.map((changeIndex, i) => [changeIndex, openedRows[i].id]));
};
