import { safetyEventsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/safety-events";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";
export const { GET } = route(safetyEventsEndpoint);
