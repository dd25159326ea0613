import { z } from "zod";
import { createAlertRuleSchema, updateAlertRuleSchema, type AlertRuleInput } from "@/lib/processing/alerts/alert-rule-input";
import { presentIncident } from "@/lib/processing/alerts/incident-payload";
import { streamIncidents } from "@/lib/processing/alerts/list-incidents";
import type { Executor } from "@/db/client";
import {
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  updateAlertRule,
  type AlertRuleFields,
  type AlertRuleRow,
} from "@/lib/processing/alerts/manage-alert-rules";
import { findTagsByIds } from "@/lib/fleet/tags";
import type { Tenant } from "@/lib/platform/tenant";
import { parseTimeRange } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { alertConfigurationSchema, alertIncidentSchema, presentAlertConfiguration } from "../records/alert-record";
import { cursorScope } from "./context";

const idList = (what: string) =>
  z
    .array(z.string().regex(/^\d{1,9}$/, `a numeric ${what} id`))
    .max(512)
    .transform((ids) => ids.map(Number))
    .optional();

/** Samsara's configuration body onto our rule fields. */
const toRuleFields = (
  input: Partial<Omit<AlertRuleInput, "operationalSettings">> & Pick<AlertRuleFields, "operationalSettings">,
): Partial<AlertRuleFields> => ({
  name: input.name,
  isEnabled: input.isEnabled,
  trigger: input.triggers?.[0],
  vehicleIds: input.scope ? (input.scope.all ? [] : (input.scope.assets ?? []).map((asset) => Number(asset.assetId))) : undefined,
  tagIds: input.scope ? (input.scope.all ? [] : (input.scope.tags ?? []).map((tag) => Number(tag.id))) : undefined,
  actions: input.actions,
  externalIds: input.externalIds,
  operationalSettings: input.operationalSettings,
});

const configurationResponse = z.object({ data: alertConfigurationSchema }).meta({ id: "AlertConfigurationResponse" });

/** The rules in Samsara's shape, the tags of their scopes named. */
const presentConfigurations = async ({ db, tenant, rows }: { db: Executor; tenant: Tenant; rows: AlertRuleRow[] }) => {
  const tagsById = await findTagsByIds({ db, ...tenant, ids: rows.flatMap((row) => row.tagIds) });
  return rows.map((row) => presentAlertConfiguration(row, tagsById));
};

const oneConfiguration = async ({ db, tenant, row }: { db: Executor; tenant: Tenant; row: AlertRuleRow }) => ({
  data: (await presentConfigurations({ db, tenant, rows: [row] }))[0],
});

export const listAlertConfigurationsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/alerts/configurations",
  scope: "alerts:read",
  summary: "List alert configurations",
  query: z.object({
    ...paginationQuery,
    ids: idList("configuration"),
    status: z.enum(["all", "enabled", "disabled"]).optional(),
    includeExternalIds: z.enum(["true", "false"]).optional(),
  }),
  listKeys: ["ids"],
  response: pageSchema(alertConfigurationSchema, "AlertConfigurationsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`alerts/configurations?${query.ids?.join(",") ?? ""}&${query.status ?? "all"}`, tenant);
    const enabled = query.status === "enabled" ? true : query.status === "disabled" ? false : undefined;
    const rows = await listAlertRules({ db, ...tenant, ids: query.ids, enabled, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    const presented = new Map((await presentConfigurations({ db, tenant, rows })).map((record) => [Number(record.id), record]));
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map((row) => presented.get(row.id)!) });
  },
});

export const createAlertConfigurationEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/alerts/configurations",
  scope: "alerts:write",
  summary: "Create an alert configuration",
  description:
    "One trigger per configuration; the trigger types evaluated are listed in docs/decisions.md (Alert " +
    "rules). Scope: all vehicles, or listed vehicles (assets) and the vehicles of listed tags (a tag's " +
    "sub-tags included).",
  body: createAlertRuleSchema,
  response: configurationResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) =>
    oneConfiguration({ db, tenant, row: await createAlertRule({ db, ...tenant, fields: toRuleFields(body) as AlertRuleFields, actor }) }),
});

export const patchAlertConfigurationEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/alerts/configurations",
  scope: "alerts:write",
  summary: "Update an alert configuration (its id in the body)",
  body: updateAlertRuleSchema,
  response: configurationResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => {
    const { id, ...input } = body;
    return oneConfiguration({ db, tenant, row: await updateAlertRule({ db, ...tenant, ruleId: id, fields: toRuleFields(input), actor }) });
  },
});

export const deleteAlertConfigurationEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/alerts/configurations",
  scope: "alerts:write",
  summary: "Delete an alert configuration (its id in the query)",
  query: z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric id")
      .transform(Number),
  }),
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, query, actor }) => {
    await deleteAlertRule({ db, ...tenant, ruleId: query.id, actor });
  },
});

export const streamAlertIncidentsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/alerts/incidents/stream",
  scope: "alerts:read",
  summary: "Alert incidents that started in a time range",
  query: z.object({ ...paginationQuery, startTime: z.string(), endTime: z.string().optional(), configurationIds: idList("configuration") }),
  listKeys: ["configurationIds"],
  response: pageSchema(alertIncidentSchema, "AlertIncidentsPage"),
  run: async ({ db, tenant, query }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime ?? new Date().toISOString(), names: ["startTime", "endTime"] });
    const scope = cursorScope(`alerts/incidents?${range.start.getTime()}-${query.endTime ?? ""}&${query.configurationIds?.join(",") ?? ""}`, tenant);
    const rows = await streamIncidents({
      db,
      ...tenant,
      startTime: range.start,
      endTime: range.end,
      ruleIds: query.configurationIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentIncident) });
  },
});
