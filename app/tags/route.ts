import { createTagEndpoint, listTagsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/tags";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listTagsEndpoint, createTagEndpoint);
