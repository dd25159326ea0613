import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { alertIncidents, alertRules, places, vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import type { IncidentDetails } from "./incident-payload";

/** Incidents that started in [startTime, endTime), by id (keyset): Samsara's incidents stream. */
export const streamIncidents = ({
  db,
  companyId,
  dataset,
  startTime,
  endTime,
  ruleIds,
  afterId,
  limit,
}: TenantQuery & { startTime: Date; endTime: Date; ruleIds?: number[]; afterId?: number; limit: number }) =>
  db
    .select()
    .from(alertIncidents)
    .where(
      and(
        whereTenant(alertIncidents, { companyId, dataset }),
        gte(alertIncidents.startedAt, startTime),
        lt(alertIncidents.startedAt, endTime),
        ruleIds ? inArray(alertIncidents.ruleId, ruleIds) : undefined,
        afterId === undefined ? undefined : gte(alertIncidents.id, afterId + 1),
      ),
    )
    .orderBy(asc(alertIncidents.id))
    .limit(limit);

export type InboxFilter = "open" | "closed" | "unread" | "all";

export type InboxIncident = {
  id: number;
  ruleName: string;
  vehicleId: number;
  vehicleName: string;
  placeName: string | null;
  description: string;
  latitude: number | null;
  longitude: number | null;
  startedAt: Date;
  endedAt: Date | null;
  isRead: boolean;
};

const FILTERS: Record<InboxFilter, SQL | undefined> = {
  open: isNull(alertIncidents.endedAt),
  closed: isNotNull(alertIncidents.endedAt),
  unread: isNull(alertIncidents.readAt),
  all: undefined,
};

/** The inbox: newest first, with the rule's, vehicle's and place's names. */
export const listInboxIncidents = async ({
  db,
  companyId,
  dataset,
  filter,
  limit,
}: TenantQuery & { filter: InboxFilter; limit: number }): Promise<InboxIncident[]> => {
  const rows = await db
    .select({ incident: alertIncidents, ruleName: alertRules.name, vehicleName: vehicles.name, placeName: places.name })
    .from(alertIncidents)
    .innerJoin(alertRules, and(eq(alertRules.companyId, alertIncidents.companyId), eq(alertRules.id, alertIncidents.ruleId)))
    .innerJoin(vehicles, and(eq(vehicles.companyId, alertIncidents.companyId), eq(vehicles.id, alertIncidents.vehicleId)))
    .leftJoin(places, and(eq(places.companyId, alertIncidents.companyId), eq(places.id, alertIncidents.placeId)))
    .where(and(whereTenant(alertIncidents, { companyId, dataset }), FILTERS[filter]))
    .orderBy(desc(alertIncidents.id))
    .limit(limit);
  return rows.map(({ incident, ruleName, vehicleName, placeName }) => ({
    id: incident.id,
    ruleName,
    vehicleId: incident.vehicleId,
    vehicleName,
    placeName,
    description: (incident.details as IncidentDetails).description,
    latitude: incident.latitude,
    longitude: incident.longitude,
    startedAt: incident.startedAt,
    endedAt: incident.endedAt,
    isRead: incident.readAt !== null,
  }));
};

/** How many incidents nobody has marked read: the header's badge. */
export const countUnreadIncidents = async ({ db, companyId, dataset }: TenantQuery) => {
  const [row] = await db
    .select({ unread: count() })
    .from(alertIncidents)
    .where(and(whereTenant(alertIncidents, { companyId, dataset }), isNull(alertIncidents.readAt)));
  return row?.unread ?? 0;
};

/** Marks incidents read (all unread ones when `incidentIds` is absent); returns how many changed. */
export const markIncidentsRead = async ({ db, companyId, dataset, incidentIds }: TenantQuery & { incidentIds?: number[] }) => {
  const rows = await db
    .update(alertIncidents)
    .set({ readAt: new Date() })
    .where(
      and(
        whereTenant(alertIncidents, { companyId, dataset }),
        isNull(alertIncidents.readAt),
        incidentIds ? inArray(alertIncidents.id, incidentIds) : undefined,
      ),
    )
    .returning({ id: alertIncidents.id });
  return rows.length;
};
