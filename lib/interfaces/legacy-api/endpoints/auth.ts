import { z } from "zod";
import { getClientIp } from "@/lib/platform/http";
import { definePublicLegacyEndpoint } from "../define-legacy-endpoint";
import { exchangeClientKey } from "../exchange-client-key";
import { legacyAuthResponseSchema } from "../schemas";

export const exchangeClientKeyEndpoint = definePublicLegacyEndpoint({
  method: "GET",
  path: "/api/v1/auth",
  summary: "Trade a ClientKey for a token",
  description: "Header `X-Client-Key` (legacy name `client_key`). The token lives 60 minutes.",
  response: legacyAuthResponseSchema,
  errors: ["unauthorized"],
  openapi: { requestParams: { header: z.object({ "X-Client-Key": z.string() }) } },
  // A few a minute per address (429).
  run: async ({ request, db }) =>
    exchangeClientKey({ db, clientKey: request.headers.get("x-client-key") ?? request.headers.get("client_key"), address: getClientIp(request) }),
});

/** The plain string `ok`, as legacy monitors expect. */
export const healthCheckEndpoint = definePublicLegacyEndpoint({
  method: "GET",
  path: "/api/v1/auth/healthCheck",
  summary: "Health check",
  openapi: { responses: { "200": { description: "The plain text ok", content: { "text/plain": { schema: { type: "string", const: "ok" } } } } } },
  run: async () => new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
});
