import { z } from "zod";
import type { oas31 } from "zod-openapi";

/**
 * A zod validator for what the OpenAPI document says an operation answers: the document's own
 * JSON Schema (components as $defs), not the zod schema it was built from, so a body that drifts
 * from the published document fails even where the handler and document share one schema.
 */
export const documentedResponse = ({ document, path, method, status }: { document: oas31.OpenAPIObject; path: string; method: string; status: string }) => {
  const response = document.paths?.[path]?.[method as "get"]?.responses?.[status] as oas31.ResponseObject | undefined;
  const schema = response?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON ${status} response`);
  const asDefs = JSON.parse(JSON.stringify({ ...schema, $defs: document.components?.schemas ?? {} }).replaceAll("#/components/schemas/", "#/$defs/"));
  return z.fromJSONSchema(asDefs);
};
