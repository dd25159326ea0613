import { createApiKeyEndpoint, listApiKeysEndpoint } from "@/lib/admin-api/endpoints";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listApiKeysEndpoint, createApiKeyEndpoint);
