import { z } from "zod";
import { getHealth } from "@/lib/runtime/boot/get-health";
import { AppError } from "@/lib/platform/errors";
import { definePublicEndpoint, getClientIp } from "@/lib/platform/http";
import { openSharedStream } from "@/lib/live/shares/shared-position";
import { parseResumeSeq, SERVER_SENT_EVENTS_HEADERS } from "@/lib/live/stream/server-sent-events";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";

/** 200 when the service can serve, 503 (same body) when it cannot. */
export const healthEndpoint = definePublicEndpoint({
  method: "GET",
  path: "/api/health",
  summary: "Whether the service can serve",
  run: async () => {
    const health = await getHealth();
    return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
  },
});

export const openApiDocumentEndpoint = definePublicEndpoint({
  method: "GET",
  path: "/openapi.json",
  summary: "The service's OpenAPI 3.1 document, derived from the endpoint definitions",
  run: async () => getOpenApiDocument(),
});

const shareParamsSchema = z.object({ token: z.string().max(100) });

/**
 * No sign-in (the token is the credential); ends when the link does; open streams are capped per
 * link and per address (429).
 */
export const sharedStreamEndpoint = definePublicEndpoint({
  method: "GET",
  path: "/share/{token}/stream",
  summary: "A live sharing link's vehicle positions as server-sent events",
  run: async ({ request, params, db }) => {
    // Anything that is not a link's token is no link: the same 404 as an unknown one (hence no `params` schema, whose failure is a 400).
    const parsed = shareParamsSchema.safeParse(params);
    if (!parsed.success) throw new AppError("not_found", "No such live sharing link.");
    const { token } = parsed.data;
    const afterSeq = parseResumeSeq({ lastEventId: request.headers.get("last-event-id"), after: new URL(request.url).searchParams.get("after") });
    if (afterSeq === null) throw new AppError("bad_request", "after: give the change sequence to start after (the page's streamSeq).");
    const stream = await openSharedStream({ db, token, afterSeq, address: getClientIp(request), signal: request.signal });
    return new Response(stream, { headers: { ...SERVER_SENT_EVENTS_HEADERS, "X-Robots-Tag": "noindex" } });
  },
});

/** The undocumented service routes (the harness registers each from here). */
export const SERVICE_ENDPOINTS = [healthEndpoint, sharedStreamEndpoint, openApiDocumentEndpoint];
