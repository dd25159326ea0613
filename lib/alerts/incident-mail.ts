import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules, companies } from "@/db/schema";
import { getPublicOrigin } from "@/lib/config";
import { isMailQueued, queueMail } from "@/lib/mail/queue-mail";
import type { Tenant } from "@/lib/tenant";
import { formatDateTime } from "@/lib/time-zone/zoned-time";
import { findRecipientAddresses } from "./alert-recipients";
import type { IncidentDetails } from "./incident-payload";

type OpenedIncident = { ruleId: number; vehicleName: string; driverName: string | null; place: { name: string; formattedAddress: string } | null; latitude: number | null; longitude: number | null; startedAt: Date; details: IncidentDetails };

const where = ({ place, latitude, longitude }: OpenedIncident) => {
  if (place) return place.formattedAddress ? `${place.name} (${place.formattedAddress})` : place.name;
  return latitude === null || longitude === null ? "position not known" : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
};

/**
 * Queues one e-mail per recipient of the rule's notification actions (lib/alerts/alert-recipients.ts)
 * in the transaction that opens the incident: it is mailed exactly when the incident exists, once.
 */
export const queueIncidentMail = async ({ db, tenant, incident }: { db: Executor; tenant: Tenant; incident: OpenedIncident }) => {
  if (!isMailQueued()) return;
  const [rule] = await db.select({ name: alertRules.name, actions: alertRules.actions }).from(alertRules).where(and(eq(alertRules.companyId, tenant.companyId), eq(alertRules.id, incident.ruleId)));
  if (!rule) return;
  const recipients = await findRecipientAddresses({ db, companyId: tenant.companyId, actions: rule.actions });
  if (recipients.length === 0) return;
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, tenant.companyId));
  const subject = `Alert: ${rule.name}, ${incident.vehicleName}`;
  const body = [
    `${incident.details.description} (rule "${rule.name}").`,
    "",
    `Vehicle: ${incident.vehicleName}`,
    ...(incident.driverName ? [`Driver: ${incident.driverName}`] : []),
    `Where: ${where(incident)}`,
    `When: ${formatDateTime(incident.startedAt, company.timeZone)} (${company.timeZone})`,
    "",
    `See it in the alerts inbox: ${getPublicOrigin()}/alerts/inbox`,
  ].join("\n");
  await queueMail({ db, ...tenant, kind: "incident", messages: recipients.map((recipient) => ({ recipient, subject, body })) });
};
