import { getHealth } from "@/lib/boot/get-health";
import { withRequest } from "@/lib/http";

export const dynamic = "force-dynamic";

/** GET /api/health: 200 when the service can serve, 503 (same body) when it cannot. */
export const GET = withRequest(async () => {
  const health = await getHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
});
