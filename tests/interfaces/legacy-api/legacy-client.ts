import { expect } from "vitest";
import type { z } from "zod";
import { GET as getAuth } from "@/app/api/v1/auth/route";

/** Route handlers of the legacy interface, called the way Next calls them. */
// `never` params accept every route's handler whatever its params type; `call` passes the params given.
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

export const BASE = "http://legacy.test";

export const issueToken = async (clientKey: string) => {
  const response = await getAuth(new Request(`${BASE}/api/v1/auth`, { headers: { "X-Client-Key": clientKey } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

type CallOptions = { token?: string; method?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> };

export const call = async (handler: Handler, path: string, { token, method = "GET", body, params = {}, headers = {} }: CallOptions = {}) => {
  const request = new Request(`${BASE}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) as Promise<never> });
  const text = await response.text();
  const json = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, json };
};

/** Asserts the error contract: `{ message, requestId }` with the same id in X-Request-Id. */
export const expectError = (result: Awaited<ReturnType<typeof call>>, status: number) => {
  expect(result.status).toBe(status);
  expect(Object.keys(result.json).sort()).toEqual(["message", "requestId"]);
  expect(result.headers.get("X-Request-Id")).toBe(result.json.requestId);
};

/** Parses with a legacy record schema, failing with zod's explanation. */
export const expectShape = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`response does not match ${schema.description ?? "schema"}: ${parsed.error.message}`);
  return parsed.data;
};
