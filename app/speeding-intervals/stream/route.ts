import { speedingIntervalsEndpoint } from "@/lib/fleet-api/endpoints/trips";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";
export const { GET } = route(speedingIntervalsEndpoint);
