import { createTagEndpoint, listTagsEndpoint } from "@/lib/fleet-api/endpoints/tags";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listTagsEndpoint, createTagEndpoint);
