import { createDocument } from "zod-openapi";
import { fleetRegistry } from "./fleet-paths";
import type { OpenApiRegistry } from "./registry";

/** Every interface's registry; the legacy and admin interfaces add theirs here. */
export const OPENAPI_REGISTRIES: OpenApiRegistry[] = [fleetRegistry];

let cached: ReturnType<typeof createDocument> | undefined;

/** The service's OpenAPI 3.1 document, built once from the zod schemas the handlers use. */
export const getOpenApiDocument = () => {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: { title: "Fleet telematics service", version: "1.0.0", description: "Public fleet interface, legacy interface and admin interface." },
    tags: OPENAPI_REGISTRIES.map((registry) => registry.tag),
    paths: Object.assign({}, ...OPENAPI_REGISTRIES.map((registry) => registry.paths)),
    components: { securitySchemes: Object.assign({}, ...OPENAPI_REGISTRIES.map((registry) => registry.securitySchemes ?? {})) },
  });
  return cached;
};
