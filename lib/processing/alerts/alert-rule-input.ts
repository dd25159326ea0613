import { z } from "zod";
import { recipientSchema } from "./alert-recipients";
import { samsaraTriggerSchema } from "./alert-trigger";
import { operationalSettingsSchema } from "./operational-settings";

const assetSchema = z
  .object({ assetId: z.string().regex(/^\d{1,9}$/, "a numeric vehicle id"), assetType: z.literal("vehicle", "only vehicles are in scope") })
  .loose();

/** Samsara's scope: every vehicle, or listed vehicles (assets) and tags. */
export const alertScopeSchema = z
  .object({
    all: z.boolean(),
    assets: z.array(assetSchema).max(10_000).optional(),
    tags: z
      .array(z.object({ id: z.string().regex(/^\d{1,9}$/, "a numeric tag id") }).loose())
      .max(1_000)
      .optional(),
  })
  .refine((scope) => scope.all || (scope.assets?.length ?? 0) + (scope.tags?.length ?? 0) > 0, "name vehicles (assets) or tags, or set all");

/** Samsara's action; a notification's `recipients` are checked (their users are e-mailed), other params kept as sent. */
const actionSchema = z.object({
  actionTypeId: z.number().int(),
  actionParams: z
    .object({ recipients: z.array(recipientSchema).max(100).optional() })
    .loose()
    .optional(),
});

const fields = {
  name: z.string().trim().min(1).max(255),
  isEnabled: z.boolean(),
  actions: z.array(actionSchema).max(20),
  scope: alertScopeSchema,
  triggers: z.array(samsaraTriggerSchema).length(1, "exactly one trigger per configuration"),
  externalIds: z.record(z.string().min(1).max(32), z.string().min(1).max(255)).optional(),
  operationalSettings: operationalSettingsSchema.optional(),
};

/** POST /alerts/configurations. */
export const createAlertRuleSchema = z.object(fields).strict();
/** PATCH /alerts/configurations: the id in the body, as Samsara's SDK sends it. */
export const updateAlertRuleSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric id")
      .transform(Number),
    ...z.object(fields).partial().shape,
    operationalSettings: operationalSettingsSchema.nullable().optional(),
  })
  .strict();

export type AlertRuleInput = z.output<typeof createAlertRuleSchema>;
