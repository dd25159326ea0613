import { createTrailerEndpoint, listTrailersEndpoint } from "@/lib/interfaces/fleet-api/endpoints/trailers";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listTrailersEndpoint, createTrailerEndpoint);
