import { locationsFeedEndpoint } from "@/lib/interfaces/fleet-api/endpoints/locations";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(locationsFeedEndpoint);
