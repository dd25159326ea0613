import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import type { AlertTrigger } from "./alert-trigger";
import type { OperationalSettings } from "./operational-settings";

/** An enabled rule as the periodic checks read it, with its tenant. */
export type EnabledRule<T extends AlertTrigger = AlertTrigger> = Tenant & {
  id: number;
  trigger: T;
  vehicleIds: number[];
  tagIds: number[];
  operationalSettings: OperationalSettings | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Every company's enabled rules whose trigger is one of `types`: the checks that no telemetry drives (device silent,
 * fault codes, HOS, inspections, maintenance) read them across tenants and then work one tenant at a time.
 */
export const listEnabledRules = async <T extends AlertTrigger["type"]>({ db, types }: { db: Executor; types: readonly T[] }) =>
  (await db
    .select({
      id: alertRules.id,
      companyId: alertRules.companyId,
      dataset: alertRules.dataset,
      trigger: alertRules.trigger,
      vehicleIds: alertRules.vehicleIds,
      tagIds: alertRules.tagIds,
      operationalSettings: alertRules.operationalSettings,
      createdAt: alertRules.createdAt,
      updatedAt: alertRules.updatedAt,
    })
    .from(alertRules)
    .where(and(isNull(alertRules.deletedAt), eq(alertRules.isEnabled, true), inArray(sql`${alertRules.trigger}->>'type'`, [...types])))) as EnabledRule<
    Extract<AlertTrigger, { type: T }>
  >[];
