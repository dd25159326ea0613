import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { oas31 } from "zod-openapi";

/** One interface's contribution to the service's OpenAPI document (public fleet, legacy, admin...). */
export type OpenApiRegistry = {
  tag: { name: string; description: string };
  paths: ZodOpenApiPathsObject;
  securitySchemes?: Record<string, oas31.SecuritySchemeObject>;
};
