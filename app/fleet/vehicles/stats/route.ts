import { listStatsEndpoint } from "@/lib/fleet-api/endpoints/stats";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listStatsEndpoint);
