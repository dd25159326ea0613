import { getDb, type Database } from "@/db/client";
import type { Module } from "@/db/schema";
import { runRequest, type RequestLogFields } from "@/lib/http";
import { authenticateLegacyRequest, requireModule, type LegacyCaller } from "./authenticate-legacy-request";

type RouteContext<P> = { params: Promise<P> };

/** `log` collects the caller's ids for the request's log line as authentication learns them. */
type RequestArgs<P> = { request: Request; requestId: string; params: P; db: Database; log: RequestLogFields };

/** What a handler returns: data for a 200 JSON body, or a Response it built itself. */
type HandlerResult = unknown;

/**
 * Runs a legacy handler that needs no token (the auth exchange, the camera webhook): request id,
 * JSON body, and every error mapped to `{ message, requestId }` with `X-Request-Id`.
 */
export const withLegacyRequest =
  <P extends Record<string, string> = Record<string, string>>(handler: (args: RequestArgs<P>) => Promise<HandlerResult>) =>
  (request: Request, context?: RouteContext<P>): Promise<Response> =>
    runRequest(request, async ({ requestId, log }) => {
      const result = await handler({ request, requestId, params: ((await context?.params) ?? {}) as P, db: getDb(), log });
      return result instanceof Response ? result : Response.json(result);
    });

type LegacyApiOptions = {
  /** A product module the company must have (403 otherwise). */
  requiredModule?: Module;
};

/**
 * The one wrapper of the token-protected legacy endpoints: verifies `Authorization: Bearer <token>`
 * (401 when missing, expired or forged), checks the module, then calls the handler with the caller.
 */
export const withLegacyApi = <P extends Record<string, string> = Record<string, string>>(
  handler: (args: RequestArgs<P> & { caller: LegacyCaller }) => Promise<HandlerResult>,
  { requiredModule }: LegacyApiOptions = {},
) =>
  withLegacyRequest<P>(async (args) => {
    const caller = await authenticateLegacyRequest({ db: args.db, authorization: args.request.headers.get("authorization") });
    Object.assign(args.log, { companyId: caller.companyId, keyId: caller.clientKeyId });
    if (requiredModule) requireModule(caller, requiredModule);
    return handler({ ...args, caller });
  });
