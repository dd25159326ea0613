import { deleteTagEndpoint, getTagEndpoint, patchTagEndpoint, replaceTagEndpoint } from "@/lib/fleet-api/endpoints/tags";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, PUT, DELETE } = route(getTagEndpoint, patchTagEndpoint, replaceTagEndpoint, deleteTagEndpoint);
