import type { z } from "zod";
import type { ErrorCode } from "@/lib/platform/errors";
import { readJson } from "./read-json";
import type { RouteHandler } from "./route-context";
import { parseQuery, parseWith } from "./search-params";
import { withRequest, type Handler, type RequestArgs, type WrapperOptions } from "./with-request";

export const ENDPOINT_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type EndpointMethod = (typeof ENDPOINT_METHODS)[number];

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What an endpoint reads from the request, each checked with its schema (a 400 names the field). */
export type EndpointSchemas<P extends z.ZodObject | undefined, Q extends z.ZodObject | undefined, B extends z.ZodType | undefined> = {
  /** Path parameters (the `{id}` of `/fleet/drivers/{id}`), strings as Next gives them. */
  params?: P;
  query?: Q;
  /** Query parameters that are lists (repeated, comma-separated or indexed). */
  listKeys?: readonly string[];
  /** A JSON body. */
  body?: B;
  /** Body limit in bytes (413 past it); default DEFAULT_BODY_LIMIT_BYTES. */
  bodyLimit?: number;
};

/** The parsed input a definition's `run` gets instead of the raw params. */
export type EndpointInput<P, Q, B> = { params: P extends z.ZodType ? z.output<P> : Record<string, never>; query: Output<Q>; body: Output<B> };

/**
 * What every interface's endpoint definition carries: enough for the route file (`handler`), the
 * OpenAPI operation and the test harness to be derived from it.
 */
export type Endpoint<M extends EndpointMethod = EndpointMethod> = EndpointSchemas<z.ZodObject | undefined, z.ZodObject | undefined, z.ZodType | undefined> & {
  method: M;
  /** The path as OpenAPI writes it; the route file is `app` + group + path (`{id}` → `[id]`) + `/route.ts`. */
  path: string;
  /** The route group the route file sits in (`(dashboard)`), which is not in the URL. */
  group?: `(${string})`;
  summary: string;
  description?: string;
  /** The success body (the current version's, for /fleet). */
  response?: z.ZodType;
  /** Success status: 200 (default), 201 on create, 204 with no body. */
  status?: 200 | 201 | 204;
  /** Headers on every success response (e.g. `Cache-Control: no-store` where a secret is shown). */
  headers?: Record<string, string>;
  /** Error codes the endpoint may answer besides its interface's own (OpenAPI). */
  errors?: readonly ErrorCode[];
  /** The function the route file exports under `method`. */
  handler: RouteHandler;
};

/** The fields of a definition its author writes; `handler` is built from them by the interface's define function. */
export type EndpointSpec<
  M extends EndpointMethod,
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  C,
> = Omit<Endpoint<M>, "handler" | keyof EndpointSchemas<P, Q, B>> &
  EndpointSchemas<P, Q, B> & {
    /** The one domain call: gets the wrapper's arguments and caller, and the parsed params, query and body. */
    run: (args: Omit<RequestArgs, "params"> & C & EndpointInput<P, Q, B>) => Promise<unknown>;
  };

/** An interface's wrapper, as createRequestWrapper builds it. */
export type RequestWrapper<C, O> = <P>(handler: Handler<C, P>, ...options: WrapperOptions<O>) => RouteHandler;

/** Parses path params, then query, then body: the order a 400 reports them in. */
const readInput = async (spec: EndpointSchemas<z.ZodObject | undefined, z.ZodObject | undefined, z.ZodType | undefined>, { request, params }: RequestArgs) => ({
  params: spec.params ? parseWith(spec.params, params, "path") : params,
  query: spec.query ? parseQuery(request, spec.query, spec.listKeys) : undefined,
  body: spec.body ? parseWith(spec.body, await readJson(request, spec.bodyLimit)) : undefined,
});

/**
 * Turns a definition into its Endpoint: the handler runs the interface's wrapper (with `options`,
 * e.g. the scope), parses the input and calls `run`. Each interface's `define…Endpoint` calls this.
 */
export const buildEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  C,
  O,
>(
  wrapper: RequestWrapper<C, O>,
  spec: EndpointSpec<M, P, Q, B, C>,
  options: O,
): Endpoint<M> => {
  const { run, ...definition } = spec;
  const respondWith = { ...options, status: spec.status, headers: spec.headers };
  // readInput parses with the spec's own schemas, so its result is EndpointInput<P, Q, B>; TypeScript
  // cannot follow the generics through the optional schemas, hence the cast.
  const handler = wrapper(async (args) => run({ ...args, ...(await readInput(spec, args as RequestArgs)) } as never), ...([respondWith] as WrapperOptions<O>));
  return { ...definition, handler } as Endpoint<M>;
};

/** Defines an endpoint with no caller to authenticate first (withRequest): a credential exchange, a signed webhook, health, a document. */
export const definePublicEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: EndpointSpec<M, P, Q, B, object>,
): Endpoint<M> => buildEndpoint(withRequest, spec, {});

/** A route file's exports, one line: `export const { GET, PATCH } = route(getDriverEndpoint, updateDriverEndpoint);` */
export const route = <E extends Endpoint[]>(...endpoints: E) =>
  Object.fromEntries(endpoints.map((endpoint) => [endpoint.method, endpoint.handler])) as { [M in E[number]["method"]]: RouteHandler };

/** The route file that serves an endpoint's path, in its route group if any (tests check every definition has one). */
export const routeFileOf = (path: string, group?: string) => `app${group ? `/${group}` : ""}${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
