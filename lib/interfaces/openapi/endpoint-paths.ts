import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import type { Endpoint } from "@/lib/platform/http";

/** The OpenAPI paths of endpoint definitions, in their order, each operation built by the interface's `operation`. */
export const endpointPaths = <E extends Endpoint>(endpoints: readonly E[], operation: (endpoint: E) => ZodOpenApiOperationObject): ZodOpenApiPathsObject => {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  return paths;
};

/** The JSON request body of an endpoint that reads one. */
export const jsonRequestBody = ({ body }: Endpoint) => (body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {});
