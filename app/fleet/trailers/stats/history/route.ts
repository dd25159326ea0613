import { trailerStatsHistoryEndpoint } from "@/lib/interfaces/fleet-api/endpoints/trailer-stats";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(trailerStatsHistoryEndpoint);
