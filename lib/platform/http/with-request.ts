import { getDb, type Database } from "@/db/client";
import type { RequestLogFields } from "./log-request";
import { resolveParams, type RouteContext, type RouteHandler } from "./route-context";
import { runRequest } from "./run-request";

/** What every handler of every interface gets; each wrapper adds its caller (key, token claims, user...). */
export type RequestArgs<P = Record<string, string>> = {
  request: Request;
  /** The route's dynamic segments, as Next gives them (strings; parse them with a zod schema). */
  params: P;
  requestId: string;
  db: Database;
  /** The caller's ids for the request's log line; wrappers fill it in as authentication succeeds. */
  log: RequestLogFields;
};

/** Options every wrapper takes: the success status (201 on create; 204 sends no body) and extra response headers. */
export type ResponseOptions = { status?: 200 | 201 | 204; headers?: Record<string, string> };

/** A handler returns data (sent as the wrapper's JSON body) or a Response it built itself (CSV, text, streams). */
export type Handler<C, P = Record<string, string>> = (args: RequestArgs<P> & C) => Promise<unknown>;

/** A wrapper's options argument: optional unless the interface has a required option. */
export type WrapperOptions<O> = object extends O ? [options?: O & ResponseOptions] : [options: O & ResponseOptions];

type WrapperSpec<C, O> = {
  /**
   * Who calls: throws an AppError (401, 403, 429...) or returns the caller's fields for the handler.
   * `headers` are sent on every later response, error or not (e.g. rate-limit headers).
   */
  authenticate: (args: RequestArgs, frame: { headers: Record<string, string>; options: O }) => Promise<C>;
  /** The body of a handler's data; default: the data as JSON. */
  respond?: (data: unknown, init: { status: number; headers: Record<string, string>; caller: C }) => Response;
};

/** `db` opens the database on first use only, so routes that never touch it (the OpenAPI document) do not open it. */
const withLazyDb = <A extends object>(args: A) =>
  Object.defineProperty(args, "db", { get: getDb, enumerable: true, configurable: true }) as A & { db: Database };

const respondJson = (data: unknown, { status, headers }: { status: number; headers: Record<string, string> }) => Response.json(data, { status, headers });

/**
 * Builds an interface's wrapper on the one request frame (runRequest: request id, `{ message,
 * requestId }` errors, access log): resolves the route params, authenticates, runs the handler and
 * turns its data into the response. The options are required when the interface has required ones
 * (e.g. /fleet's scope).
 */
export const createRequestWrapper =
  <C extends object, O extends object = object>({ authenticate, respond = respondJson }: WrapperSpec<C, O>) =>
  <P = Record<string, string>>(handler: Handler<C, P>, ...[options = {} as O & ResponseOptions]: WrapperOptions<O>): RouteHandler =>
  (request: Request, context?: RouteContext<P>) =>
    runRequest(request, async ({ requestId, log, headers }) => {
      const args = withLazyDb({ request, params: await resolveParams(context), requestId, log });
      const caller = await authenticate(args as RequestArgs, { headers, options });
      const result = await handler(Object.assign(args, caller));
      if (result instanceof Response) return result;
      const { status = 200, headers: extra = {} } = options;
      if (status === 204) return new Response(null, { status, headers: extra });
      return respond(result, { status, headers: extra, caller });
    });

/**
 * Routes with no caller to authenticate first: credential exchanges (legacy ClientKey, admin
 * password), the signed camera webhook, OsmAnd devices (the device id is the credential, checked
 * by the ingestion itself), health and the OpenAPI document.
 */
export const withRequest = createRequestWrapper<object>({ authenticate: async () => ({}) });
