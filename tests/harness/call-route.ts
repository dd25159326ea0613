import { NextRequest } from "next/server";
import { expect } from "vitest";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import type { RegisteredRoute } from "./registry";

export type RouteCall = {
  path?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON value (serialised), a string or raw bytes sent as they are. */
  body?: unknown;
  contentType?: string;
};

export type RouteAnswer = { status: number; headers: Headers; text: string; json: unknown };

const toBody = (body: unknown): BodyInit | undefined => {
  if (body === undefined) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body as BodyInit;
  return JSON.stringify(body);
};

/** Route params as Next gives them: catch-all segments (`[...name]`) as arrays. */
const toParams = (route: RegisteredRoute, params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, route.file.includes(`[...${name}]`) ? value.split("/") : value]));

/** The body; of a live stream (server-sent events, never-ending) only its first chunk, then the stream is closed. */
const readBody = async (response: Response) => {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) return response.text();
  const reader = response.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
};

/** Calls a registered route's handler in-process as the app's server would (client address header set). */
export const callRoute = async (route: RegisteredRoute, call: RouteCall = {}): Promise<RouteAnswer> => {
  const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7", ...call.headers });
  const body = toBody(call.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", call.contentType ?? "application/json");
  const init = { method: route.method, headers, body: route.method === "GET" || route.method === "HEAD" ? undefined : body };
  const url = `http://localhost${call.path ?? "/"}`;
  const request = route.auth.kind === "next-auth" ? new NextRequest(url, init) : new Request(url, init);
  const response = await route.handler(request, { params: Promise.resolve(toParams(route, call.params ?? {})) });
  const text = await readBody(response);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
};

/** The error contract of every interface: exactly `{ message, requestId }`, the same id in X-Request-Id. */
export const expectErrorBody = (answer: RouteAnswer, status?: number) => {
  if (status !== undefined) expect(answer.status, answer.text).toBe(status);
  expect(answer.json, answer.text).toEqual({ message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  expect(answer.headers.get("x-request-id")).toBe((answer.json as { requestId: string }).requestId);
};
