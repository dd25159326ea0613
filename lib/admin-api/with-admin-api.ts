import { AppError } from "@/lib/errors";
import { runRequest, type RequestLogFields } from "@/lib/http";
import { verifyAdminToken, type AdminClaims } from "./admin-token";
import { requireActiveAdmin } from "./require-active-admin";

type RouteContext<P> = { params: Promise<P> };

type AdminRequestHandler<P> = (args: { request: Request; params: P; requestId: string; log: RequestLogFields }) => Promise<Response>;
type AdminApiHandler<P> = (args: { request: Request; params: P; requestId: string; admin: AdminClaims }) => Promise<Response>;

const BEARER = /^Bearer\s+(\S+)$/i;

/** Gives every admin-interface response a requestId, and every error the `{ message, requestId }` body. */
export const withAdminRequest =
  <P = Record<string, never>>(handler: AdminRequestHandler<P>) =>
  (request: Request, context?: RouteContext<P>): Promise<Response> =>
    runRequest(request, async ({ requestId, log }) => handler({ request, params: ((await context?.params) ?? {}) as P, requestId, log }));

/**
 * The admin interface's handler wrapper: a Bearer admin JWT is required (missing, malformed,
 * forged or expired → 401). The token's user must still exist as an admin of the token's company
 * (→ 403 otherwise), so demoting an admin cuts off their tokens at once, not after an hour.
 */
export const withAdminApi = <P = Record<string, never>>(handler: AdminApiHandler<P>) =>
  withAdminRequest<P>(async ({ request, params, requestId, log }) => {
    const token = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!token) throw new AppError("unauthorized", "Send an admin token as Authorization: Bearer <token> (from POST /api/v2/auth/token).");
    const claims = await verifyAdminToken(token);
    Object.assign(log, { companyId: claims.companyId, userId: claims.userId });
    if (claims.role !== "admin") throw new AppError("forbidden", "Only users with the admin role can use the admin interface.");
    await requireActiveAdmin(claims);
    return handler({ request, params, requestId, admin: claims });
  });
