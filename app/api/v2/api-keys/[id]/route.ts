import { withAdminApi } from "@/lib/admin-api/with-admin-api";
import { presentApiKey } from "@/lib/api-keys/api-key-response";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";

/** DELETE /api/v2/api-keys/{id}: revokes the key (idempotent); another company's id is 404. */
export const DELETE = withAdminApi<{ id: string }>(async ({ params, admin }) =>
  Response.json(presentApiKey(await revokeApiKey({ companyId: admin.companyId, id: params.id, actorUserId: admin.userId }))),
);
