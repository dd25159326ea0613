/** What Next.js passes a route handler besides the request: the dynamic segments, as a promise. */
export type RouteContext<P = Record<string, string>> = { params: Promise<P> };

/** A route file's exported method handler. */
// `any`: Next checks each route's own params type against its file.
export type RouteHandler = (request: Request, context?: RouteContext<any>) => Promise<Response>;

/** The route's dynamic segments (`{}` for a route without any, or when called without a context). */
export const resolveParams = async <P>(context?: RouteContext<P>): Promise<P> => ((await context?.params) ?? {}) as P;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The credential of `Authorization: Bearer <token>` (scheme case-insensitive, surrounding spaces
 * tolerated), or null when the header is missing or not a Bearer one. Every interface reads its
 * API key, legacy token, admin token or ingest token here, so all tolerate the same spellings.
 */
export const readBearerToken = (request: Request): string | null => BEARER.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
