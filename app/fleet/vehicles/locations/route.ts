import { listLocationsEndpoint } from "@/lib/fleet-api/endpoints/locations";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listLocationsEndpoint);
