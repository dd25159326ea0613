import { mapPlacesEndpoint } from "@/app/_endpoints/dashboard/places";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(mapPlacesEndpoint);
