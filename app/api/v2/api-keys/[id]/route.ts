import { revokeApiKeyEndpoint } from "@/lib/admin-api/endpoints";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { DELETE } = route(revokeApiKeyEndpoint);
