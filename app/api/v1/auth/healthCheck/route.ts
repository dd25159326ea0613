import { withRequest } from "@/lib/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/auth/healthCheck: the plain string `ok`, as legacy monitors expect. */
export const GET = withRequest(async () => new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8" } }));
