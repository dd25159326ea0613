"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (`managePartnerCredentials`, admins; a refusal is recorded as `client_key.denied` or
// `camera_secret.denied`) and touches only the user's company's credentials.
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { revokeCameraSecret, rotateCameraSecret } from "@/lib/camera/camera-secrets";
import { createClientKey, revokeClientKey } from "@/lib/client-keys/client-keys";
import { AppError } from "@/lib/errors";
import { newRequestId, toAppError } from "@/lib/http";

const PAGE = "/settings/partner-credentials";

type Failure = { ok: false; message: string };
export type RevealResult = { ok: true; secret: string; id: number } | Failure;
export type CredentialActionResult = { ok: true } | Failure;

const signedInAdmin = async (denied: "client_key.denied" | "camera_secret.denied", target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  const type = denied === "client_key.denied" ? "client_key" : "camera_secret";
  await authorizeAction({ user, action: "managePartnerCredentials", actor, denied: { action: denied, target: { type, id: target } } });
  return { companyId: user.companyId, actor };
};

const readId = (value: unknown) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", "Give a numeric id.");
  return value;
};

const attempt = async <T extends { ok: true }>(work: () => Promise<T>): Promise<T | Failure> => {
  try {
    const result = await work();
    revalidatePath(PAGE);
    return result;
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
};

/** A new ClientKey for a legacy partner; the key comes back in this one answer. */
export const createClientKeyAction = async (name: unknown): Promise<RevealResult> =>
  attempt(async () => {
    const { companyId, actor } = await signedInAdmin("client_key.denied", "new");
    const { record, key } = await createClientKey({ companyId, name: typeof name === "string" ? name : "", actor });
    return { ok: true as const, secret: key, id: record.id };
  });

export const revokeClientKeyAction = async (id: unknown): Promise<CredentialActionResult> =>
  attempt(async () => {
    const keyId = readId(id);
    const { companyId, actor } = await signedInAdmin("client_key.denied", keyId);
    await revokeClientKey({ companyId, id: keyId, actor });
    return { ok: true as const };
  });

/** A new camera secret; the old ones keep verifying for `overlapHours`. The secret comes back this once. */
export const rotateCameraSecretAction = async (overlapHours: unknown): Promise<RevealResult> =>
  attempt(async () => {
    const { companyId, actor } = await signedInAdmin("camera_secret.denied", "new");
    const { record, secret } = await rotateCameraSecret({ companyId, overlapHours: Number(overlapHours), actor });
    return { ok: true as const, secret, id: record.id };
  });

export const revokeCameraSecretAction = async (id: unknown): Promise<CredentialActionResult> =>
  attempt(async () => {
    const secretId = readId(id);
    const { companyId, actor } = await signedInAdmin("camera_secret.denied", secretId);
    await revokeCameraSecret({ companyId, id: secretId, actor });
    return { ok: true as const };
  });
