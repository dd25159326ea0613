import { z } from "zod";
import type { TagTiny } from "@/lib/fleet/tags";
import { toSamsaraTrigger } from "@/lib/processing/alerts/alert-trigger";
import type { AlertRuleRow } from "@/lib/processing/alerts/manage-alert-rules";
import { operationalSettingsSchema } from "@/lib/processing/alerts/operational-settings";
import { externalIdsSchema, idSchema, timestampSchema } from "./common";

const triggerSchema = z.object({ triggerTypeId: z.number().int(), triggerParams: z.record(z.string(), z.unknown()).optional() });

export const alertConfigurationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    isEnabled: z.boolean(),
    actions: z.array(z.object({ actionTypeId: z.number().int(), actionParams: z.record(z.string(), z.unknown()).optional() })),
    scope: z.object({
      all: z.boolean(),
      assets: z.array(z.object({ assetId: idSchema, assetType: z.literal("vehicle") })).optional(),
      tags: z.array(z.object({ id: idSchema, name: z.string() })).optional(),
    }),
    triggers: z.array(triggerSchema),
    externalIds: externalIdsSchema.optional(),
    operationalSettings: operationalSettingsSchema.optional(),
    createdAtTime: timestampSchema,
    lastModifiedAtTime: timestampSchema,
  })
  .meta({ id: "AlertConfiguration" });

export const alertIncidentSchema = z
  .object({
    id: idSchema.meta({ description: "This service's incident id (Samsara's incidents have none)." }),
    configurationId: idSchema,
    happenedAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
    isResolved: z.boolean(),
    resolvedAtTime: timestampSchema.optional(),
    incidentUrl: z.string(),
    conditions: z.array(z.object({ triggerId: z.number().int(), description: z.string(), details: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: "AlertIncident" });

export type AlertConfigurationRecord = z.output<typeof alertConfigurationSchema>;

/** Samsara's alert configuration from our rule. */
export const presentAlertConfiguration = (row: AlertRuleRow, tagsById: ReadonlyMap<number, TagTiny>): AlertConfigurationRecord => ({
  id: String(row.id),
  name: row.name,
  isEnabled: row.isEnabled,
  actions: row.actions as AlertConfigurationRecord["actions"],
  scope:
    row.vehicleIds.length === 0 && row.tagIds.length === 0
      ? { all: true }
      : {
          all: false,
          ...(row.vehicleIds.length > 0 ? { assets: row.vehicleIds.map((id) => ({ assetId: String(id), assetType: "vehicle" as const })) } : {}),
          ...(row.tagIds.length > 0 ? { tags: row.tagIds.flatMap((id) => tagsById.get(id) ?? []).map(({ id, name }) => ({ id: String(id), name })) } : {}),
        },
  triggers: [toSamsaraTrigger(row.trigger)],
  ...(Object.keys(row.externalIds).length > 0 ? { externalIds: row.externalIds } : {}),
  ...(row.operationalSettings ? { operationalSettings: row.operationalSettings } : {}),
  createdAtTime: row.createdAt.toISOString(),
  lastModifiedAtTime: row.updatedAt.toISOString(),
});
