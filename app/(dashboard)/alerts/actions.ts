"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refused rule change is recorded as `alert_rule.denied`) before touching the user's company's data.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { emailUsersAction } from "@/lib/alerts/alert-recipients";
import { faultCodeChoiceOf, HOS_ALERT_CLOCKS } from "@/lib/alerts/alert-trigger";
import { markIncidentsRead } from "@/lib/alerts/list-incidents";
import { operationalSettingsSchema } from "@/lib/alerts/operational-settings";
import { createAlertRule, deleteAlertRule, updateAlertRule } from "@/lib/alerts/manage-alert-rules";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";

export type AlertActionResult = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

const minutes = z.coerce.number().int().min(1, "At least one minute.").max(7 * 24 * 60);

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
  z.object({ type: z.literal("fuelLow"), percent: z.coerce.number().gt(0).max(100), minutes: z.coerce.number().int().min(0).max(7 * 24 * 60) }),
  z.object({ type: z.literal("deviceSilent"), minutes }),
  z.object({ type: z.literal("engineOn"), minutes }),
  z.object({ type: z.literal("faultCode"), codes: z.string().max(500).transform(readFaultCodes), milOnly: z.boolean() }),
  z.object({ type: z.literal("hosTimeLeft"), clock: z.enum(HOS_ALERT_CLOCKS), minutes: z.coerce.number().int().min(0).max(24 * 60) }),
]);
const ruleSchema = z.object({
  name: z.string().trim().min(1, "Give the rule a name.").max(255),
  trigger: triggerSchema,
  vehicleIds: z.array(z.coerce.number().int().positive()).max(10_000),
  tagIds: z.array(z.coerce.number().int().positive()).max(1_000).default([]),
  operationalSettings: operationalSettingsSchema.nullable().default(null),
  emailUserIds: z.array(z.coerce.number().int().positive()).max(100).default([]),
});

const signedIn = async () => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  return { user, actor: await sessionActor(user), tenant: { companyId: user.companyId, dataset: "live" as const } };
};

const ruleManager = async (target: string | number) => {
  const session = await signedIn();
  await authorizeAction({ user: session.user, action: "manageAlertRules", actor: session.actor, denied: { action: "alert_rule.denied", target: { type: "alert_rule", id: target } } });
  return session;
};

const failure = (error: unknown): AlertActionResult => ({ ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} });

const readId = (value: unknown) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", "Give a numeric id.");
  return value;
};

export const createAlertRuleAction = async (input: unknown): Promise<AlertActionResult> => {
  try {
    const { tenant, actor } = await ruleManager("new");
    const parsed = ruleSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const { emailUserIds, ...fields } = parsed.data;
    await createAlertRule({ db: getDb(), ...tenant, actor, fields: { ...fields, isEnabled: true, actions: emailUserIds.length > 0 ? [emailUsersAction(emailUserIds)] : [] } });
    revalidatePath("/alerts/rules");
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

export const setAlertRuleEnabledAction = async (ruleId: unknown, isEnabled: unknown): Promise<AlertActionResult> => {
  try {
    const id = readId(ruleId);
    const { tenant, actor } = await ruleManager(id);
    await updateAlertRule({ db: getDb(), ...tenant, actor, ruleId: id, fields: { isEnabled: isEnabled === true } });
    revalidatePath("/alerts/rules");
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

export const deleteAlertRuleAction = async (ruleId: unknown): Promise<AlertActionResult> => {
  try {
    const id = readId(ruleId);
    const { tenant, actor } = await ruleManager(id);
    await deleteAlertRule({ db: getDb(), ...tenant, actor, ruleId: id });
    revalidatePath("/alerts/rules");
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

/** Marks incidents read (all the unread ones when `incidentIds` is null): every role that sees the inbox may. */
export const markIncidentsReadAction = async (incidentIds: unknown): Promise<AlertActionResult> => {
  try {
    const ids = incidentIds === null ? undefined : z.array(z.number().int().positive()).max(500).parse(incidentIds);
    const { user, tenant } = await signedIn();
    await authorizeAction({ user, action: "markIncidentsRead", actor: await sessionActor(user), denied: { action: "alert_rule.denied", target: { type: "alert_rule", id: "inbox" } } });
    await markIncidentsRead({ db: getDb(), ...tenant, incidentIds: ids });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};
