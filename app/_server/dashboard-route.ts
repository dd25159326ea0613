import type { SessionUser } from "@/lib/auth/auth-options";
import { getFleetSource, type FleetSource } from "@/lib/dashboard-data";
import { AppError } from "@/lib/errors";
import { assertSameOrigin, runRequest } from "@/lib/http";
import { getRequestUser } from "./session";

type Handler<P> = (context: { request: Request; user: SessionUser; source: FleetSource; params: P }) => Promise<unknown>;

/**
 * A dashboard data route: the signed-in user's session (401 JSON without one), that user's company's
 * live data source, and `{ message, requestId }` errors. The browser never holds an API key.
 * Writes (any method but GET/HEAD/OPTIONS) must come from this origin: the one CSRF check of
 * cookie-authenticated route handlers.
 */
export const dashboardRoute =
  <P = Record<string, never>>(handler: Handler<P>) =>
  (request: Request, context: { params: Promise<P> }) =>
    runRequest(request, async ({ log }) => {
      const user = await getRequestUser(request);
      if (!user) throw new AppError("unauthorized", "Sign in to see fleet data.");
      assertSameOrigin(request);
      Object.assign(log, { companyId: user.companyId, userId: user.id });
      const params = (await context?.params) ?? ({} as P);
      const body = await handler({ request, user, source: getFleetSource({ companyId: user.companyId }), params });
      return Response.json(body, { headers: { "Cache-Control": "no-store" } });
    });
