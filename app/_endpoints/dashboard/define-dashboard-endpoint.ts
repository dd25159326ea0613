import type { z } from "zod";
import { dashboardRoute } from "@/app/_server/dashboard-route";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import type { FleetSource } from "@/lib/dashboard/data";
import { buildEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/platform/http";

/** Who may call a dashboard route: roles, the company's module, and the action its 401 and 403 messages name. */
type DashboardAccess = NonNullable<Parameters<typeof dashboardRoute>[1]>;

/** What a dashboard definition's `run` gets from the session: the signed-in user and the company's live data source. */
type DashboardCaller = { user: SessionUser; source: FleetSource };

/** A dashboard route (the browser's own data, exports, live streams): signed-in users only, never an API key. */
export type DashboardEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & DashboardAccess;

/**
 * Defines a dashboard route once, behind the session (dashboardRoute): the route file exports
 * `route(...)` and the test harness registers it from the definition. These routes are the
 * dashboard's own, so the OpenAPI document leaves them out.
 */
export const defineDashboardEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: EndpointSpec<M, P, Q, B, DashboardCaller> & DashboardAccess,
): DashboardEndpoint<M> => buildEndpoint(dashboardRoute, spec, { roles: spec.roles, module: spec.module, action: spec.action }) as DashboardEndpoint<M>;
