import { deleteTrailerEndpoint, getTrailerEndpoint, updateTrailerEndpoint } from "@/lib/interfaces/fleet-api/endpoints/trailers";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getTrailerEndpoint, updateTrailerEndpoint, deleteTrailerEndpoint);
