import { statsHistoryEndpoint } from "@/lib/interfaces/fleet-api/endpoints/stats";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(statsHistoryEndpoint);
