import { getHealth } from "@/lib/boot/get-health";

export const dynamic = "force-dynamic";

export const GET = async () => {
  const health = await getHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
};
