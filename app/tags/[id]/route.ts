import { deleteTagEndpoint, getTagEndpoint, patchTagEndpoint, replaceTagEndpoint } from "@/lib/interfaces/fleet-api/endpoints/tags";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, PUT, DELETE } = route(getTagEndpoint, patchTagEndpoint, replaceTagEndpoint, deleteTagEndpoint);
