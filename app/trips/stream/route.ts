import { tripsStreamEndpoint } from "@/lib/interfaces/fleet-api/endpoints/trips";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";
export const { GET } = route(tripsStreamEndpoint);
