import { createDocument } from "zod-openapi";
import { adminRegistry } from "./admin-paths";
import { fleetRegistry } from "./fleet-paths";
import { ingestRegistry } from "./ingest-paths";
import { legacyRegistry } from "./legacy-paths";
import type { OpenApiRegistry } from "./registry";

/** Every interface's registry, in the order the document and the reference page show them. */
export const OPENAPI_REGISTRIES: OpenApiRegistry[] = [fleetRegistry, legacyRegistry, adminRegistry, ingestRegistry];

let cached: ReturnType<typeof createDocument> | undefined;

/** The service's OpenAPI 3.1 document, built once from the zod schemas the handlers use. */
export const getOpenApiDocument = () => {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Fleet telematics service",
      version: "1.0.0",
      description: "Public fleet interface, legacy interface, admin interface and device ingestion.",
    },
    tags: OPENAPI_REGISTRIES.map((registry) => registry.tag),
    paths: Object.assign({}, ...OPENAPI_REGISTRIES.map((registry) => registry.paths)),
    components: { securitySchemes: Object.assign({}, ...OPENAPI_REGISTRIES.map((registry) => registry.securitySchemes ?? {})) },
  });
  return cached;
};
