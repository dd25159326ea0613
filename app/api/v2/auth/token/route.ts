import { issueAdminToken } from "@/lib/admin-api/admin-token";
import { adminTokenRequestSchema, type AdminTokenResponse } from "@/lib/admin-api/admin-token-schemas";
import { withAdminRequest } from "@/lib/admin-api/with-admin-api";
import { getClientIp, parseWith, readJson } from "@/lib/http";

/** POST /api/v2/auth/token: an admin's email and password → `{ token, expiresAt }` (valid one hour). */
export const POST = withAdminRequest(async ({ request }) => {
  const { email, password } = parseWith(adminTokenRequestSchema, await readJson(request, 10_000));
  const { token, expiresAt } = await issueAdminToken({ email, password, ip: getClientIp(request) });
  const body: AdminTokenResponse = { token, expiresAt: expiresAt.toISOString() };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
});
