import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/platform/errors";
import type { IngestEndpoint } from "@/lib/ingestion/endpoints/define-ingest-endpoint";
import { INGEST_ENDPOINTS } from "@/lib/ingestion/endpoints";
import { endpointPaths } from "./endpoint-paths";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const TAG = "Device ingestion";

/** An endpoint's operation: the request and the errors as its `openapi` says (devices send protocol input the domain reads itself). */
const operation = ({ summary, description, credential, response, openapi }: IngestEndpoint): ZodOpenApiOperationObject => ({
  summary,
  ...(description ? { description } : {}),
  tags: [TAG],
  security: credential === "ingestToken" ? [{ ingestToken: [] }] : [],
  ...openapi.request,
  responses: {
    "200": { description: openapi.success, ...(response ? { content: { "application/json": { schema: response } } } : {}) },
    ...errorResponses(Object.keys(openapi.errors) as ErrorCode[], openapi.errors),
  },
});

/** Device ingestion: trackers (OsmAnd) and gateways (batches with an ingest token). */
export const ingestRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "Trackers report single points over the OsmAnd protocol; gateways send batches with an ingest token." },
  securitySchemes: { ingestToken: { type: "http", scheme: "bearer", description: "An ingest token (`ing_…`) for one company and dataset." } },
  paths: endpointPaths(INGEST_ENDPOINTS, operation),
};
