"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal is recorded as `webhook.denied`) before touching a webhook of the user's company.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";
import { createWebhook, deleteWebhook } from "@/lib/webhooks/manage-webhooks";
import { redeliverWebhookDelivery } from "@/lib/webhooks/webhook-delivery-log";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";

const PAGE = "/settings/webhooks";

type Failure = { ok: false; message: string; fieldErrors: Record<string, string> };
export type CreateWebhookResult = { ok: true; created: { id: number; name: string; url: string; secretKey: string } } | Failure;
export type WebhookActionResult = { ok: true } | Failure;

const createWebhookSchema = z.object({
  name: z.string().trim().min(1, "Give the webhook a name.").max(255),
  url: z.string().trim().min(1, "Give the receiver's URL.").max(2_000),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
});

/** The signed-in admin and their tenant (the dashboard works on live data); `target` names what a refusal was about. */
const signedInAdmin = async (target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "manageWebhooks", actor, denied: { action: "webhook.denied", target: { type: "webhook", id: target } } });
  return { tenant: { companyId: user.companyId, dataset: "live" as const }, actor };
};

const failure = (error: unknown): Failure => {
  const appError = toAppError(error, newRequestId());
  // The domain names `url` in its message: show it at the field.
  return { ok: false, message: appError.message, fieldErrors: appError.message.includes('"url"') ? { url: appError.message } : {} };
};

/** Creates a webhook; its signing secret goes back in this one response only. */
export const createWebhookAction = async (_previous: CreateWebhookResult | null, form: FormData): Promise<CreateWebhookResult> => {
  try {
    const { tenant, actor } = await signedInAdmin("new");
    const parsed = createWebhookSchema.safeParse({ name: form.get("name") ?? "", url: form.get("url") ?? "", eventTypes: form.getAll("eventTypes").map(String) });
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const row = await createWebhook({ db: getDb(), ...tenant, input: parsed.data, actor });
    revalidatePath(PAGE);
    return { ok: true, created: { id: row.id, name: row.name, url: row.url, secretKey: row.secretKey } };
  } catch (error) {
    return failure(error);
  }
};

/** A crafted call may send anything: ids are checked before the role is. */
const readId = (value: unknown) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", "Give a numeric id.");
  return value;
};

export const deleteWebhookAction = async (webhookId: unknown): Promise<WebhookActionResult> => {
  try {
    const id = readId(webhookId);
    const { tenant, actor } = await signedInAdmin(id);
    await deleteWebhook({ db: getDb(), ...tenant, webhookId: id, actor });
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

export const redeliverAction = async (deliveryId: unknown): Promise<WebhookActionResult> => {
  try {
    const id = readId(deliveryId);
    const { tenant, actor } = await signedInAdmin(`delivery ${id}`);
    await redeliverWebhookDelivery({ db: getDb(), ...tenant, deliveryId: id, actor });
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};
