"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (`managePartnerCredentials`, admins; a refusal is recorded as
// `client_key.denied` or `camera_secret.denied`); each touches only the user's company's credentials.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { revokeCameraSecret, rotateCameraSecret } from "@/lib/ingestion/camera/camera-secrets";
import { createClientKey, revokeClientKey } from "@/lib/access/client-keys";

const credentials = (target: "client_key" | "camera_secret", id: (raw: unknown) => unknown) =>
  ({ action: "managePartnerCredentials", denied: { action: `${target}.denied`, target, id }, revalidate: ["/settings/partner-credentials"] }) as const;
const isNew = () => "new";
const asId = (raw: unknown) => raw;

/** A new ClientKey for a legacy partner; the key comes back in this one answer. */
export const createClientKeyAction = defineAction(
  { ...credentials("client_key", isNew), input: z.string(), args: (name: unknown) => (typeof name === "string" ? name : "") },
  async ({ input: name, tenant: { companyId }, actor }) => {
    const { record, key } = await createClientKey({ companyId, name, actor });
    return { secret: key, id: record.id };
  },
);

export const revokeClientKeyAction = defineAction(
  { ...credentials("client_key", asId), input: z.number(), args: (id: unknown) => readId(id) },
  async ({ input: id, tenant: { companyId }, actor }) => {
    await revokeClientKey({ companyId, id, actor });
  },
);

/** A new camera secret; the old ones keep verifying for `overlapHours`. The secret comes back this once. */
export const rotateCameraSecretAction = defineAction(
  {
    ...credentials("camera_secret", isNew),
    input: z.custom<number>((hours) => typeof hours === "number"),
    args: (overlapHours: unknown) => Number(overlapHours),
  },
  async ({ input: overlapHours, tenant: { companyId }, actor }) => {
    const { record, secret } = await rotateCameraSecret({ companyId, overlapHours, actor });
    return { secret, id: record.id };
  },
);

export const revokeCameraSecretAction = defineAction(
  { ...credentials("camera_secret", asId), input: z.number(), args: (id: unknown) => readId(id) },
  async ({ input: id, tenant: { companyId }, actor }) => {
    await revokeCameraSecret({ companyId, id, actor });
  },
);
