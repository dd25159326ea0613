"use server";

// Every export of a "use server" module is a public endpoint: this file exports only the two
// actions, and each checks the session's role (a refusal is recorded in the audit log as
// `api_key.denied`) and then the database's before touching a key.
// Next refuses server-action POSTs whose Origin does not match the host (CSRF).
import { revalidatePath } from "next/cache";
import { fieldsOf } from "@/app/_server/action-results";
import { companySettings } from "@/app/_server/company-settings";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { requireActiveAdmin } from "@/lib/admin-api/require-active-admin";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createApiKeySchema } from "@/lib/api-keys/create-api-key-schema";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";
import { fromLocalInput } from "@/lib/time-zone/zoned-time";

const PAGE = "/settings/api-keys";

type Failure = { ok: false; message: string; fieldErrors: Record<string, string> };
export type CreateApiKeyResult = { ok: true; created: ApiKeyRecord & { key: string } } | Failure;
export type RevokeApiKeyResult = { ok: true } | Failure;

/** The signed-in admin and them as the audit log's actor; `keyId` names the key a refusal is about. */
const signedInAdmin = async (keyId: string) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "manageApiKeys", actor, denied: { action: "api_key.denied", target: { type: "api_key", id: keyId } } });
  await requireActiveAdmin({ userId: user.id, companyId: user.companyId });
  return { user, actor };
};

const failure = (error: unknown): Failure => ({ ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} });

/** The form as the admin API's body, parsed with the same schema as POST /api/v2/api-keys. */
const keyInputOf = (form: FormData, timeZone: string) => {
  const { name = "", environment = "live", ipAllowlist = "", expiresAt: expires = "" } = fieldsOf(form);
  return {
    name,
    scopes: form.getAll("scopes").map(String),
    environment,
    ipAllowlist: ipAllowlist
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    // datetime-local is a wall-clock time in the company's zone: the instant it means.
    expiresAt: expires === "" ? undefined : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(expires) ? fromLocalInput(expires, timeZone).toISOString() : expires,
  };
};

/** Creates a key from the dashboard form; the secret goes back in this one response only. */
export const createApiKeyAction = async (_previous: CreateApiKeyResult | null, form: FormData): Promise<CreateApiKeyResult> => {
  try {
    const { user, actor } = await signedInAdmin("new");
    const parsed = createApiKeySchema.safeParse(keyInputOf(form, (await companySettings(user.companyId)).timeZone));
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const created = await createApiKey({ ...parsed.data, companyId: user.companyId, actor });
    revalidatePath(PAGE);
    return { ok: true, created };
  } catch (error) {
    return failure(error);
  }
};

export const revokeApiKeyAction = async (id: string): Promise<RevokeApiKeyResult> => {
  try {
    if (typeof id !== "string") throw new AppError("bad_request", "Give the id of the key to revoke.");
    const { user, actor } = await signedInAdmin(id);
    await revokeApiKey({ companyId: user.companyId, id, actor });
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};
