import { getOpenApiDocument } from "@/lib/openapi/build-document";

export const GET = () => Response.json(getOpenApiDocument());
