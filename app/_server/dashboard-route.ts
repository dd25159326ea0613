import type { SessionUser } from "@/lib/auth/auth-options";
import { getFleetSource, type FleetSource } from "@/lib/dashboard-data";
import { AppError } from "@/lib/errors";
import { errorResponse, newRequestId } from "@/lib/http";
import { getSessionUser } from "./session";

type Handler<P> = (context: { request: Request; user: SessionUser; source: FleetSource; params: P }) => Promise<unknown>;

/**
 * A dashboard data route: the signed-in user's session (401 JSON without one), that user's company's
 * live data source, and `{ message, requestId }` errors. The browser never holds an API key.
 */
export const dashboardRoute =
  <P = Record<string, never>>(handler: Handler<P>) =>
  async (request: Request, context: { params: Promise<P> }) => {
    const requestId = newRequestId();
    try {
      const user = await getSessionUser();
      if (!user) throw new AppError("unauthorized", "Sign in to see fleet data.");
      const params = (await context?.params) ?? ({} as P);
      const body = await handler({ request, user, source: getFleetSource({ companyId: user.companyId }), params });
      return Response.json(body, { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
