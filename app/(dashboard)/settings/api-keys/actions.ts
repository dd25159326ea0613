"use server";

// Every export of a "use server" module is a public endpoint: this file exports only the two
// actions, and each checks the session's role against the database before touching a key.
// Next refuses server-action POSTs whose Origin does not match the host (CSRF).
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { requireActiveAdmin } from "@/lib/admin-api/require-active-admin";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createApiKeySchema } from "@/lib/api-keys/create-api-key-schema";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";

const PAGE = "/settings/api-keys";

type Failure = { ok: false; message: string; fieldErrors: Record<string, string> };
export type CreateApiKeyResult = { ok: true; created: ApiKeyRecord & { key: string } } | Failure;
export type RevokeApiKeyResult = { ok: true } | Failure;

const signedInAdmin = async () => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  await requireActiveAdmin({ userId: user.id, companyId: user.companyId });
  return user;
};

const failure = (error: unknown): Failure => ({ ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} });

/** Creates a key from the dashboard form; the secret goes back in this one response only. */
export const createApiKeyAction = async (input: unknown): Promise<CreateApiKeyResult> => {
  try {
    const user = await signedInAdmin();
    const parsed = createApiKeySchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const created = await createApiKey({ ...parsed.data, companyId: user.companyId, actorUserId: user.id });
    revalidatePath(PAGE);
    return { ok: true, created };
  } catch (error) {
    return failure(error);
  }
};

export const revokeApiKeyAction = async (id: string): Promise<RevokeApiKeyResult> => {
  try {
    const user = await signedInAdmin();
    if (typeof id !== "string") throw new AppError("bad_request", "Give the id of the key to revoke.");
    await revokeApiKey({ companyId: user.companyId, id, actorUserId: user.id });
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};
