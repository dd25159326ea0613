import { withRequest } from "@/lib/http";
import { getOpenApiDocument } from "@/lib/openapi/build-document";

export const dynamic = "force-dynamic";

/** GET /openapi.json: the service's OpenAPI 3.1 document, derived from the endpoint definitions. */
export const GET = withRequest(async () => getOpenApiDocument());
