import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { CLIENT_IP_HEADER, type RouteHandler } from "@/lib/platform/http";

export type FleetCall = {
  key?: string | null;
  /** Raw Authorization header, overriding `key`. */
  authorization?: string;
  method?: string;
  body?: unknown;
  rawBody?: string;
  ip?: string;
  version?: string;
  params?: Record<string, string>;
};

/** Calls a route handler in-process as the app's server would (client IP header set), returns status, headers and JSON. */
export const callFleet = async (handler: RouteHandler, path: string, call: FleetCall = {}) => {
  const headers = new Headers({ [CLIENT_IP_HEADER]: call.ip ?? "203.0.113.7" });
  if (call.authorization !== undefined) headers.set("authorization", call.authorization);
  else if (call.key) headers.set("authorization", `Bearer ${call.key}`);
  if (call.version) headers.set("x-service-version", call.version);
  const hasBody = call.body !== undefined || call.rawBody !== undefined;
  if (hasBody) headers.set("content-type", "application/json");
  const request = new Request(`http://localhost${path}`, {
    method: call.method ?? "GET",
    headers,
    body: hasBody ? (call.rawBody ?? JSON.stringify(call.body)) : undefined,
  });
  const response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
};

/** Empties the rate-limit buckets so a test's burst of requests is not throttled by the previous test's. */
export const resetRateLimits = (db: Executor) => db.execute(sql`delete from rate_limit_buckets`);
