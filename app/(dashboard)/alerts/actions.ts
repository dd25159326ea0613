"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refused rule change is recorded as `alert_rule.denied`) before
// touching the user's company's data.
import { z } from "zod";
import { SAFETY_EVENT_KINDS, SAFETY_EVENT_SEVERITIES } from "@/db/schema";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { emailUsersAction } from "@/lib/processing/alerts/alert-recipients";
import { faultCodeChoiceOf, HOS_ALERT_CLOCKS } from "@/lib/processing/alerts/alert-trigger";
import { markIncidentsRead } from "@/lib/processing/alerts/list-incidents";
import { operationalSettingsSchema } from "@/lib/processing/alerts/operational-settings";
import { createAlertRule, deleteAlertRule, updateAlertRule } from "@/lib/processing/alerts/manage-alert-rules";

const minutes = z.coerce
  .number()
  .int()
  .min(1, "At least one minute.")
  .max(7 * 24 * 60);

/** "P0300, 100-1": the codes typed, each recognised, or the one that is not named. */
function readFaultCodes(text: string, context: z.RefinementCtx) {
  const codes = text.split(/[\s,;]+/).filter((code) => code !== "");
  const unknown = codes.find((code) => !faultCodeChoiceOf(code));
  if (unknown) context.addIssue({ code: "custom", message: `"${unknown}" is not a fault code (P0300, 100-1 or 100).` });
  return codes.flatMap((code) => faultCodeChoiceOf(code) ?? []);
}
const placeIds = z.array(z.coerce.number().int().positive()).max(1_000);
/** The rules form: our trigger model directly (the API maps Samsara's shapes onto the same). */
const triggerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("placeEntry"), placeIds }),
  z.object({ type: z.literal("placeExit"), placeIds }),
  z.object({ type: z.literal("placeDwell"), placeIds, minutes }),
  z.object({ type: z.literal("speeding"), speedKph: z.coerce.number().gt(0).max(400), seconds: z.coerce.number().int().min(0).max(3_600) }),
  z.object({ type: z.literal("idling"), minutes }),
  z.object({
    type: z.literal("fuelLow"),
    percent: z.coerce.number().gt(0).max(100),
    minutes: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
  }),
  z.object({ type: z.literal("deviceSilent"), minutes }),
  z.object({ type: z.literal("engineOn"), minutes }),
  z.object({ type: z.literal("missingDvir"), minutes }),
  z.object({ type: z.literal("maintenanceDue"), includeDueSoon: z.boolean() }),
  z.object({
    type: z.literal("harshEvent"),
    kinds: z.array(z.enum(SAFETY_EVENT_KINDS)).min(1, "Choose at least one kind of event.").max(SAFETY_EVENT_KINDS.length),
    minSeverity: z.enum(SAFETY_EVENT_SEVERITIES).nullable(),
  }),
  z.object({ type: z.literal("faultCode"), codes: z.string().max(500).transform(readFaultCodes), milOnly: z.boolean() }),
  z.object({
    type: z.literal("hosTimeLeft"),
    clock: z.enum(HOS_ALERT_CLOCKS),
    minutes: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60),
  }),
]);
const ruleSchema = z.object({
  name: z.string().trim().min(1, "Give the rule a name.").max(255),
  trigger: triggerSchema,
  vehicleIds: z.array(z.coerce.number().int().positive()).max(10_000),
  tagIds: z.array(z.coerce.number().int().positive()).max(1_000).default([]),
  operationalSettings: operationalSettingsSchema.nullable().default(null),
  emailUserIds: z.array(z.coerce.number().int().positive()).max(100).default([]),
});

const ruleIdOf = (raw: unknown) => (raw as { ruleId?: unknown } | undefined)?.ruleId;
const manageAlertRules = (id: (raw: unknown) => unknown) =>
  ({ action: "manageAlertRules", denied: { action: "alert_rule.denied", target: "alert_rule", id }, revalidate: ["/alerts/rules"] }) as const;

export const createAlertRuleAction = defineAction(
  { ...manageAlertRules(() => "new"), input: ruleSchema },
  async ({ input: { emailUserIds, ...fields }, tenant, actor }) => {
    await createAlertRule({
      ...tenant,
      actor,
      fields: { ...fields, isEnabled: true, actions: emailUserIds.length > 0 ? [emailUsersAction(emailUserIds)] : [] },
    });
  },
);

export const setAlertRuleEnabledAction = defineAction(
  {
    ...manageAlertRules(ruleIdOf),
    input: z.object({ ruleId: z.number(), isEnabled: z.boolean() }),
    args: (ruleId: unknown, isEnabled: unknown) => ({ ruleId: readId(ruleId), isEnabled: isEnabled === true }),
  },
  async ({ input: { ruleId, isEnabled }, tenant, actor }) => {
    await updateAlertRule({ ...tenant, actor, ruleId, fields: { isEnabled } });
  },
);

export const deleteAlertRuleAction = defineAction(
  { ...manageAlertRules(ruleIdOf), input: z.object({ ruleId: z.number() }), args: (ruleId: unknown) => ({ ruleId: readId(ruleId) }) },
  async ({ input: { ruleId }, tenant, actor }) => {
    await deleteAlertRule({ ...tenant, actor, ruleId });
  },
);

/** Marks incidents read (all the unread ones when `incidentIds` is null): every role that sees the inbox may. */
export const markIncidentsReadAction = defineAction(
  {
    action: "markIncidentsRead",
    denied: { action: "alert_rule.denied", target: "alert_rule", id: () => "inbox" },
    input: z.array(z.number().int().positive()).max(500).nullable(),
  },
  async ({ input: incidentIds, tenant }) => {
    await markIncidentsRead({ ...tenant, incidentIds: incidentIds ?? undefined });
  },
);
