import type { Module, Role } from "@/db/schema";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import { getFleetSource, type FleetSource } from "@/lib/dashboard/data";
import { AppError } from "@/lib/platform/errors";
import { assertSameOrigin, createRequestWrapper } from "@/lib/platform/http";
import { companySettings } from "./company-settings";
import { getRequestUser } from "./session";

type DashboardRouteOptions = {
  /** Roles that may call the route (403 for others), from lib/access/auth's role policy; default: every signed-in user. */
  roles?: readonly Role[];
  /** A product module the user's company must have (403 otherwise), as for the page it serves. */
  module?: Module;
  /** What the route lets the user do, for its 401 and 403 messages; default "see fleet data". */
  action?: string;
};

/**
 * A dashboard data route: the signed-in user's session (401 JSON without one), that user's company's
 * live data source, and `{ message, requestId }` errors. The browser never holds an API key.
 * Writes (any method but GET/HEAD/OPTIONS) must come from this origin: the one CSRF check of
 * cookie-authenticated route handlers. Data leaves as JSON that is never cached.
 */
export const dashboardRoute = createRequestWrapper<{ user: SessionUser; source: FleetSource }, DashboardRouteOptions>({
  authenticate: async ({ request, log }, { options: { roles, module, action = "see fleet data" } }) => {
    const user = await getRequestUser(request);
    if (!user) throw new AppError("unauthorized", `Sign in to ${action}.`);
    assertSameOrigin(request);
    Object.assign(log, { companyId: user.companyId, userId: user.id });
    if (roles && !roles.includes(user.role)) throw new AppError("forbidden", `Your role cannot ${action}.`);
    if (module && !(await companySettings(user.companyId)).modules.includes(module)) {
      throw new AppError("forbidden", `Your company does not have the ${module} module.`);
    }
    return { user, source: getFleetSource({ companyId: user.companyId }) };
  },
  respond: (body, { status, headers }) => Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } }),
});
