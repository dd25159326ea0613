import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { ERROR_CODES, type ErrorCode } from "@/lib/platform/errors";

export const errorBodySchema = z
  .object({ message: z.string(), requestId: z.string() })
  .meta({ id: "Error", description: "Every error: a message for people and the request id to quote (also in X-Request-Id)." });

const WHEN: Partial<Record<ErrorCode, string>> = {
  bad_request: "Invalid parameter, body, cursor, time range or X-Service-Version.",
  unauthorized: "Missing, malformed, unknown, revoked or expired API key.",
  forbidden: "The key lacks the scope, or the caller's IP is outside the key's allowlist.",
  not_found: "No such record for this company and dataset.",
  conflict: "The record conflicts with an existing one (e.g. a taken username).",
  rate_limited: "The company's request rate for its plan was exceeded; see Retry-After.",
};

/**
 * OpenAPI responses for the given error codes, statuses taken from ERROR_CODES; `when` overrides
 * the descriptions where an interface means something else (e.g. an admin token, not an API key).
 */
export const errorResponses = (codes: readonly ErrorCode[], when: Partial<Record<ErrorCode, string>> = {}): ZodOpenApiResponsesObject =>
  Object.fromEntries(
    codes.map((code) => [
      String(ERROR_CODES[code]),
      { description: when[code] ?? WHEN[code] ?? code.replace(/_/g, " "), content: { "application/json": { schema: errorBodySchema } } },
    ]),
  );
