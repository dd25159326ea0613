import { AppError } from "@/lib/platform/errors";
import { adminTokenActor, type AuditActor } from "@/lib/platform/audit";
import { createRequestWrapper, getClientIp, readBearerToken } from "@/lib/platform/http";
import { verifyAdminToken, type AdminClaims } from "./admin-token";
import { requireActiveAdmin } from "./require-active-admin";

/**
 * The admin interface's handler wrapper: a Bearer admin JWT is required (missing, malformed,
 * forged or expired → 401). The token's user must still exist as an admin of the token's company
 * (→ 403 otherwise), so demoting an admin cuts off their tokens at once, not after an hour.
 * The handler gets the admin as the audit log's actor too. The token exchange itself (POST /api/v2/auth/token) uses `withRequest`.
 */
export const withAdminApi = createRequestWrapper<{ admin: AdminClaims; actor: AuditActor }>({
  authenticate: async ({ request, requestId, log }) => {
    const token = readBearerToken(request);
    if (!token) throw new AppError("unauthorized", "Send an admin token as Authorization: Bearer <token> (from POST /api/v2/auth/token).");
    const claims = await verifyAdminToken(token);
    Object.assign(log, { companyId: claims.companyId, userId: claims.userId });
    if (claims.role !== "admin") throw new AppError("forbidden", "Only users with the admin role can use the admin interface.");
    const { name } = await requireActiveAdmin(claims);
    return { admin: claims, actor: adminTokenActor({ user: { id: claims.userId, name }, ip: getClientIp(request), requestId }) };
  },
});
