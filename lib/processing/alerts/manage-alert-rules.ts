import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertIncidents, alertRules, alertRuleStates, alertVehicleStates, places, telemetryCheckpoints, vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { requireTenantTags } from "@/lib/fleet/tags";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { assertRecipients } from "./alert-recipients";
import { ALERTS_PROCESSOR } from "./alert-states";
import { CONDITION_TRIGGER_TYPES, isPlaceTrigger, type AlertTrigger } from "./alert-trigger";
import type { OperationalSettings } from "./operational-settings";
import { recordIncidents } from "./record-incidents";

export type AlertRuleRow = Omit<typeof alertRules.$inferSelect, "trigger" | "operationalSettings"> & {
  trigger: AlertTrigger;
  operationalSettings: OperationalSettings | null;
};

/** A rule as the domain takes it (the API maps Samsara's configuration onto this). */
export type AlertRuleFields = {
  name: string;
  isEnabled: boolean;
  trigger: AlertTrigger;
  /** With `tagIds` empty as well: every vehicle. */
  vehicleIds: number[];
  /** Vehicles with one of these tags (or a tag under one of them) are in scope too. */
  tagIds?: number[];
  actions?: unknown[];
  externalIds?: Record<string, string>;
  /** When the rule may raise incidents; null or absent: always. */
  operationalSettings?: OperationalSettings | null;
};

type Audited = { actor: AuditActor };

const active = (tenant: Tenant, id?: number) =>
  and(whereTenant(alertRules, tenant), isNull(alertRules.deletedAt), id === undefined ? undefined : eq(alertRules.id, id));

/** 404 naming the field when the rule names a place, vehicle, tag, user or contact the tenant does not have. */
const assertReferences = async ({ db, tenant, fields }: { db: Executor; tenant: Tenant; fields: Partial<AlertRuleFields> }) => {
  if (fields.actions) await assertRecipients({ db, ...tenant, actions: fields.actions });
  if (fields.tagIds) await requireTenantTags({ db, ...tenant, tagIds: fields.tagIds, field: "scope.tags" });
  const placeIds = fields.trigger && isPlaceTrigger(fields.trigger) ? fields.trigger.placeIds : [];
  if (placeIds.length > 0) {
    const found = new Set(
      (
        await db
          .select({ id: places.id })
          .from(places)
          .where(and(whereTenant(places, tenant), inArray(places.id, placeIds)))
      ).map((row) => row.id),
    );
    const missing = placeIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("not_found", `triggers.0.triggerParams: no address with id ${missing}.`);
  }
  const vehicleIds = fields.vehicleIds ?? [];
  if (vehicleIds.length > 0) {
    const found = new Set(
      (
        await db
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(whereTenant(vehicles, tenant), inArray(vehicles.id, vehicleIds)))
      ).map((row) => row.id),
    );
    const missing = vehicleIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("not_found", `scope.assets: no vehicle with id ${missing}.`);
  }
};

/**
 * Ends the rule's open incidents now and forgets its per-vehicle state: a rule whose trigger or
 * scope changed, or that is deleted or disabled, starts afresh.
 */
const resetRule = async ({ tx, tenant, rule }: { tx: Executor; tenant: Tenant; rule: AlertRuleRow }) => {
  const open = await tx
    .select({ id: alertIncidents.id })
    .from(alertIncidents)
    .where(and(whereTenant(alertIncidents, tenant), eq(alertIncidents.ruleId, rule.id), isNull(alertIncidents.endedAt)));
  const at = new Date();
  await recordIncidents({ db: tx, tenant, changes: open.map((row) => ({ close: { incident: row.id, at } })) });
  await tx.delete(alertRuleStates).where(and(eq(alertRuleStates.companyId, tenant.companyId), eq(alertRuleStates.ruleId, rule.id)));
  // With no rule left to keep them current, what the processor knew of the vehicles would be stale when a rule comes back.
  const [evaluated] = await tx
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(
      and(
        whereTenant(alertRules, tenant),
        isNull(alertRules.deletedAt),
        eq(alertRules.isEnabled, true),
        notInArray(sql`${alertRules.trigger}->>'type'`, [...CONDITION_TRIGGER_TYPES]),
      ),
    )
    .limit(1);
  if (!evaluated) {
    await tx.delete(alertVehicleStates).where(whereTenant(alertVehicleStates, tenant));
    // Nothing stored is behind the checkpoint now: a rule that comes back has no times to roll forward.
    await tx
      .update(telemetryCheckpoints)
      .set({ stateSeq: null })
      .where(
        and(
          eq(telemetryCheckpoints.companyId, tenant.companyId),
          eq(telemetryCheckpoints.dataset, tenant.dataset),
          eq(telemetryCheckpoints.processor, ALERTS_PROCESSOR),
        ),
      );
  }
};

const audited = (row: Partial<AlertRuleRow>) => ({
  name: row.name,
  isEnabled: row.isEnabled,
  trigger: row.trigger,
  vehicleIds: row.vehicleIds,
  tagIds: row.tagIds,
  operationalSettings: row.operationalSettings,
});

export const createAlertRule = ({ db, companyId, dataset, fields, actor }: TenantQuery & Audited & { fields: AlertRuleFields }): Promise<AlertRuleRow> =>
  db.transaction(async (tx) => {
    await assertReferences({ db: tx, tenant: { companyId, dataset }, fields });
    const values = {
      companyId,
      dataset,
      name: fields.name,
      isEnabled: fields.isEnabled,
      trigger: fields.trigger,
      vehicleIds: fields.vehicleIds,
      tagIds: fields.tagIds ?? [],
      actions: fields.actions ?? [],
      externalIds: fields.externalIds ?? {},
      operationalSettings: fields.operationalSettings ?? null,
    };
    const [row] = (await tx.insert(alertRules).values(values).returning()) as AlertRuleRow[];
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "alert_rule.created",
      target: { type: "alert_rule", id: row.id },
      changes: changedFields({ before: null, after: audited(row) }),
    });
    return row;
  });

export const listAlertRules = async ({
  db,
  companyId,
  dataset,
  ids,
  enabled,
  afterId,
  limit,
}: TenantQuery & { ids?: number[]; enabled?: boolean; afterId?: number; limit: number }) =>
  (await db
    .select()
    .from(alertRules)
    .where(
      and(
        active({ companyId, dataset }),
        ids ? inArray(alertRules.id, ids) : undefined,
        enabled === undefined ? undefined : eq(alertRules.isEnabled, enabled),
        afterId === undefined ? undefined : gt(alertRules.id, afterId),
      ),
    )
    .orderBy(asc(alertRules.id))
    .limit(limit)) as AlertRuleRow[];

export const getAlertRule = async ({ db, companyId, dataset, ruleId }: TenantQuery & { ruleId: number }): Promise<AlertRuleRow> => {
  const [row] = await db.select().from(alertRules).where(active({ companyId, dataset }, ruleId));
  if (!row) throw new AppError("not_found", `No alert configuration with id ${ruleId}.`);
  return row as AlertRuleRow;
};

/**
 * Changes the given fields. A changed trigger, scope or switch starts the rule afresh (resetRule); any
 * change moves `updatedAt`, by which the alerts processor knows to read the rule's states again.
 */
export const updateAlertRule = ({
  db,
  companyId,
  dataset,
  ruleId,
  fields,
  actor,
}: TenantQuery & Audited & { ruleId: number; fields: Partial<AlertRuleFields> }): Promise<AlertRuleRow> =>
  db.transaction(async (tx) => {
    const [before] = (await tx.select().from(alertRules).where(active({ companyId, dataset }, ruleId)).for("update")) as AlertRuleRow[];
    if (!before) throw new AppError("not_found", `No alert configuration with id ${ruleId}.`);
    await assertReferences({ db: tx, tenant: { companyId, dataset }, fields });
    const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length === 0) return before;
    const [row] = (await tx
      .update(alertRules)
      .set({ ...set, updatedAt: new Date() })
      .where(active({ companyId, dataset }, ruleId))
      .returning()) as AlertRuleRow[];
    const changes = changedFields({ before: audited(before), after: audited(row) });
    if (changes.trigger || changes.vehicleIds || changes.tagIds || changes.isEnabled) await resetRule({ tx, tenant: { companyId, dataset }, rule: before });
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "alert_rule.updated", target: { type: "alert_rule", id: ruleId }, changes });
    return row;
  });

/** Deletes a rule: it evaluates no more; its incidents stay in the inbox. */
export const deleteAlertRule = ({ db, companyId, dataset, ruleId, actor }: TenantQuery & Audited & { ruleId: number }) =>
  db.transaction(async (tx) => {
    const [row] = (await tx.update(alertRules).set({ deletedAt: new Date() }).where(active({ companyId, dataset }, ruleId)).returning()) as AlertRuleRow[];
    if (!row) throw new AppError("not_found", `No alert configuration with id ${ruleId}.`);
    await resetRule({ tx, tenant: { companyId, dataset }, rule: row });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "alert_rule.deleted",
      target: { type: "alert_rule", id: ruleId },
      changes: { name: { before: row.name, after: null } },
    });
  });
