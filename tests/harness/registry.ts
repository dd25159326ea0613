import type { z } from "zod";
import { DASHBOARD_ENDPOINTS } from "@/app/_endpoints/dashboard";
import { SERVICE_ENDPOINTS } from "@/app/_endpoints/service";
import type { Module } from "@/db/schema";
import { INGEST_ENDPOINTS } from "@/lib/ingestion/endpoints";
import { ADMIN_ENDPOINTS } from "@/lib/interfaces/admin-api/endpoints";
import { LEGACY_ENDPOINTS } from "@/lib/interfaces/legacy-api/endpoints";
import type { Scope } from "@/lib/access/api-keys/scopes";
import { DEFAULT_BODY_LIMIT_BYTES, routeFileOf, type Endpoint } from "@/lib/platform/http";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import { FLEET_ROUTES, type FleetRoute } from "../interfaces/fleet-api/routes";
import type { HarnessFixture } from "./fixture";
import { DASHBOARD_SAMPLES } from "./dashboard-samples";
import { INGEST_SAMPLES } from "./ingest-samples";
import { LEGACY_SAMPLES } from "./legacy-samples";
import { SERVICE_SAMPLES } from "./service-samples";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteHandler = (request: any, context: { params: Promise<any> }) => Response | Promise<Response>;

/** How a route authenticates its caller; each kind has its own matrix in route-matrix.test.ts. */
export type AuthKind =
  | { kind: "public"; scope: Scope } // Bearer svc_live_/svc_test_ API key (withFleetApi)
  | { kind: "legacy"; module?: Module } // Bearer legacy JWT (withLegacyApi)
  | { kind: "client-key" } // X-Client-Key exchanged for a legacy JWT
  | { kind: "admin" } // Bearer admin JWT (withAdminApi)
  | { kind: "password" } // admin email and password (throttled)
  | { kind: "session" } // next-auth session cookie (dashboard routes)
  | { kind: "next-auth" } // next-auth's own handler (sign-in, session, CSRF token)
  | { kind: "camera" } // X-Camera-Signature HMAC of the body
  | { kind: "ingest" } // Bearer ingest token (gateways)
  | { kind: "device" } // OsmAnd: the registered device id is the credential
  | { kind: "none" };

/** A request that succeeds for the demo company with valid credentials (the fuzzer mutates it). */
export type SampleRequest = {
  path: string;
  params?: Record<string, string>;
  /** A valid JSON body (or raw text for form/osmand bodies). */
  body?: unknown;
  contentType?: string;
};

export type RegisteredRoute = {
  /** The route file under app/, and the exported method. */
  file: string;
  method: HttpMethod;
  auth: AuthKind;
  handler: RouteHandler;
  sample: (fixture: HarnessFixture) => SampleRequest;
  /** Query parameter names the fuzzer fills with hostile values. */
  query?: readonly string[];
  /** Body field names the fuzzer fills with hostile values (absent: the route reads no body). */
  bodyFields?: readonly string[];
  /** Path parameter names the fuzzer fills with hostile values. */
  pathParams?: readonly string[];
  /** The route stores rows: invalid input must leave every tenant table's row count unchanged. */
  writes?: boolean;
  /** Body limit in bytes the route enforces (413 past it). */
  bodyLimit?: number;
  /** For public routes: the fleet route whose matrix (runCommonRouteTests) it runs. */
  fleetRoute?: FleetRoute;
};

const keysOf = (schema: z.ZodType | undefined): string[] | undefined => {
  const keys = schema && "shape" in schema ? Object.keys(schema.shape as object) : [];
  return keys.length ? keys : undefined;
};

/** What an endpoint definition says about its route: file, method, handler and the inputs the fuzzer fills. */
const endpointRoute = (endpoint: Endpoint) => ({
  file: routeFileOf(endpoint.path, endpoint.group),
  method: endpoint.method,
  handler: endpoint.handler,
  query: keysOf(endpoint.query),
  pathParams: keysOf(endpoint.params),
  ...(endpoint.body ? { bodyFields: keysOf(endpoint.body) ?? [], bodyLimit: endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES } : {}),
});

/** A /fleet endpoint with its sample request (tests/interfaces/fleet-api/routes.ts); every one writes unless it is a GET. */
const publicRoute = (route: FleetRoute): RegisteredRoute => ({
  ...endpointRoute(route.endpoint),
  auth: { kind: "public", scope: route.scope },
  fleetRoute: route,
  writes: route.endpoint.method !== "GET" || undefined,
  sample: (fixture) => {
    const request = route.request(fixture.fleet.demo);
    return { path: request.path, params: request.params, body: request.body };
  },
});

/**
 * The harness's facts about an endpoint that its definition does not give: a request that works, and how its caller
 * authenticates where the interface does not say.
 */
export type EndpointSample = Pick<RegisteredRoute, "sample"> &
  Partial<Pick<RegisteredRoute, "auth" | "writes" | "query" | "pathParams" | "bodyFields" | "bodyLimit">>;

/** An interface's definitions as registered routes: each with its sample (by "METHOD path"), authenticated as `auth` says unless the sample says otherwise. */
const sampledRoute =
  <E extends Endpoint>(samples: Record<string, EndpointSample>, auth: (endpoint: E) => AuthKind | undefined = () => undefined) =>
  (endpoint: E): RegisteredRoute => {
    const facts = samples[`${endpoint.method} ${endpoint.path}`];
    if (!facts) throw new Error(`Add ${endpoint.method} ${endpoint.path} to its interface's samples in tests/harness.`);
    const kind = facts.auth ?? auth(endpoint);
    if (!kind) throw new Error(`Say how ${endpoint.method} ${endpoint.path} authenticates in its sample (tests/harness).`);
    return { ...endpointRoute(endpoint), ...facts, auth: kind };
  };

/** The harness's facts about each admin endpoint that its definition does not give. */
const ADMIN_SAMPLES: Record<string, EndpointSample> = {
  "POST /api/v2/auth/token": {
    auth: { kind: "password" },
    sample: () => ({ path: "/api/v2/auth/token", body: { email: "admin@demo.test", password: "demo-password-1" } }),
  },
  "GET /api/v2/api-keys": { sample: () => ({ path: "/api/v2/api-keys" }) },
  "POST /api/v2/api-keys": { writes: true, sample: () => ({ path: "/api/v2/api-keys", body: { name: "harness", scopes: ["vehicles:read"] } }) },
  "DELETE /api/v2/api-keys/{id}": { sample: (f) => ({ path: `/api/v2/api-keys/${f.revocableKeyId}`, params: { id: f.revocableKeyId } }) },
};

/**
 * Every route of the app, with its method, how it authenticates, and a request that works. The
 * harness (route-matrix.test.ts, fuzz.test.ts) runs the matrix and the fuzzer for each; a route
 * file or method missing here (or listed here but gone) fails registry.test.ts.
 */
export const ROUTE_REGISTRY: RegisteredRoute[] = [
  // Public fleet interface
  ...FLEET_ROUTES.map(publicRoute),

  // Legacy interface
  ...LEGACY_ENDPOINTS.map(sampledRoute(LEGACY_SAMPLES, (endpoint) => (endpoint.isPublic ? undefined : { kind: "legacy", module: endpoint.requiredModule }))),

  // Admin interface
  ...ADMIN_ENDPOINTS.map(sampledRoute(ADMIN_SAMPLES, (endpoint) => (endpoint.isPublic ? undefined : { kind: "admin" }))),

  // Dashboard data routes and downloads (session)
  ...DASHBOARD_ENDPOINTS.map(sampledRoute(DASHBOARD_SAMPLES, () => ({ kind: "session" }))),

  // Sign-in
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    method: "GET",
    handler: nextAuth.GET,
    auth: { kind: "next-auth" },
    sample: () => ({ path: "/api/auth/session", params: { nextauth: "session" } }),
  },
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    method: "POST",
    handler: nextAuth.POST,
    auth: { kind: "next-auth" },
    bodyFields: ["email", "password", "csrfToken", "callbackUrl"],
    sample: () => ({
      path: "/api/auth/callback/credentials",
      params: { nextauth: "callback/credentials" },
      body: "email=admin%40demo.test&password=x",
      contentType: "application/x-www-form-urlencoded",
    }),
  },

  // Device ingestion: a gateway's ingest token, or the OsmAnd device id
  ...INGEST_ENDPOINTS.map(sampledRoute(INGEST_SAMPLES, (endpoint) => ({ kind: endpoint.credential === "ingestToken" ? "ingest" : "device" }))),

  // Unauthenticated service routes
  ...SERVICE_ENDPOINTS.map(sampledRoute(SERVICE_SAMPLES, () => ({ kind: "none" }))),
];
