import { withAdminApi } from "@/lib/admin-api/with-admin-api";
import { presentApiKey, presentCreatedApiKey, type ApiKeyListJson } from "@/lib/api-keys/api-key-response";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createApiKeySchema } from "@/lib/api-keys/create-api-key-schema";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { parseWith, readJson } from "@/lib/http";

/** POST /api/v2/api-keys: creates a key for the admin's company; the secret `key` is in this response only. */
export const POST = withAdminApi(async ({ request, admin }) => {
  const body = parseWith(createApiKeySchema, await readJson(request, 100_000));
  const created = await createApiKey({ ...body, companyId: admin.companyId, actorUserId: admin.userId });
  return Response.json(presentCreatedApiKey(created), { status: 201, headers: { "Cache-Control": "no-store" } });
});

/** GET /api/v2/api-keys: the company's keys, without secrets. */
export const GET = withAdminApi(async ({ admin }) => {
  const body: ApiKeyListJson = { data: (await listApiKeys({ companyId: admin.companyId })).map(presentApiKey) };
  return Response.json(body);
});
