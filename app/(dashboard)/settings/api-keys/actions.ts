"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal is recorded in the audit log as `api_key.denied`); each
// then checks the database's before touching a key.
// Next refuses server-action POSTs whose Origin does not match the host (CSRF).
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { companySettings } from "@/app/_server/company-settings";
import { defineAction } from "@/app/_server/define-action";
import { requireActiveAdmin } from "@/lib/interfaces/admin-api/require-active-admin";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { createApiKeySchema } from "@/lib/access/api-keys/create-api-key-schema";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { AppError } from "@/lib/platform/errors";
import { fromLocalInput } from "@/lib/platform/zoned-time";

const manageApiKeys = (id: (raw: unknown) => unknown) =>
  ({ action: "manageApiKeys", denied: { action: "api_key.denied", target: "api_key", id }, revalidate: ["/settings/api-keys"] }) as const;

/** The form's fields as posted: text, and the ticked scopes. */
const keyFormSchema = z.object({ fields: z.record(z.string(), z.string()), scopes: z.array(z.string()) });
const keyFormOf = (_previous: unknown, form: FormData) => ({ fields: fieldsOf(form), scopes: form.getAll("scopes").map(String) });

/** The form as the admin API's body, parsed with the same schema as POST /api/v2/api-keys. */
const keyInputOf = ({ fields, scopes }: z.output<typeof keyFormSchema>, timeZone: string) => {
  const { name = "", environment = "live", ipAllowlist = "", expiresAt: expires = "" } = fields;
  return {
    name,
    scopes,
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
export const createApiKeyAction = defineAction({ ...manageApiKeys(() => "new"), input: keyFormSchema, args: keyFormOf }, async ({ input, user, actor }) => {
  await requireActiveAdmin({ userId: user.id, companyId: user.companyId });
  const parsed = createApiKeySchema.parse(keyInputOf(input, (await companySettings(user.companyId)).timeZone));
  return { created: await createApiKey({ ...parsed, companyId: user.companyId, actor }) };
});

export const revokeApiKeyAction = defineAction(
  {
    ...manageApiKeys((raw) => raw),
    input: z.string(),
    args: (id: string) => {
      if (typeof id !== "string") throw new AppError("bad_request", "Give the id of the key to revoke.");
      return id;
    },
  },
  async ({ input: id, user, actor }) => {
    await requireActiveAdmin({ userId: user.id, companyId: user.companyId });
    await revokeApiKey({ companyId: user.companyId, id, actor });
  },
);
