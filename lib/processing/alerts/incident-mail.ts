import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules, companies } from "@/db/schema";
import { getPublicOrigin } from "@/lib/platform/config";
import { isMailQueued, queueMail } from "@/lib/outbound/mail/queue-mail";
import type { Tenant } from "@/lib/platform/tenant";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { findRecipientAddresses } from "./alert-recipients";
import type { IncidentDetails } from "./incident-payload";

type OpenedIncident = {
  ruleId: number;
  vehicleName: string;
  driverName: string | null;
  place: { name: string; formattedAddress: string } | null;
  latitude: number | null;
  longitude: number | null;
  startedAt: Date;
  details: IncidentDetails;
};

const where = ({ place, latitude, longitude }: OpenedIncident) => {
  if (place) return place.formattedAddress ? `${place.name} (${place.formattedAddress})` : place.name;
  return latitude === null || longitude === null ? "position not known" : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
};

/**
 * Queues one e-mail per recipient (user or contact) of the rule's notification actions (lib/processing/alerts/alert-recipients.ts)
 * for each incident opened, in the transaction that opens them: each is mailed exactly when the
 * incident exists, once. The rules, their recipients and the company's zone are read once a batch.
 */
export const queueIncidentMails = async ({ db, tenant, incidents }: { db: Executor; tenant: Tenant; incidents: readonly OpenedIncident[] }) => {
  if (!isMailQueued() || incidents.length === 0) return;
  const rules = await db
    .select({ id: alertRules.id, name: alertRules.name, actions: alertRules.actions })
    .from(alertRules)
    .where(and(eq(alertRules.companyId, tenant.companyId), inArray(alertRules.id, [...new Set(incidents.map((incident) => incident.ruleId))])));
  const recipientsOf = new Map<number, string[]>();
  for (const rule of rules) recipientsOf.set(rule.id, await findRecipientAddresses({ db, ...tenant, actions: rule.actions }));
  const mailed = rules.filter((rule) => (recipientsOf.get(rule.id)?.length ?? 0) > 0);
  if (mailed.length === 0) return;
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, tenant.companyId));
  for (const rule of mailed) {
    const messages = incidents
      .filter((incident) => incident.ruleId === rule.id)
      .flatMap((incident) => {
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
        return recipientsOf.get(rule.id)!.map((recipient) => ({ recipient, subject, body }));
      });
    await queueMail({ db, ...tenant, kind: "incident", messages });
  }
};
