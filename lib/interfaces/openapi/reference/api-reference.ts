import type { oas31 } from "zod-openapi";
import { viewSchema, type JsonSchema, type SchemaView } from "./schema-view";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export type ParameterView = { name: string; in: string; required: boolean; description?: string; schema: SchemaView };
export type BodyView = { contentTypes: string[]; required: boolean; schema?: SchemaView };
export type ResponseView = { status: string; description: string; contentType?: string; schema?: SchemaView };
export type AuthView = { scheme: string; description?: string };

export type OperationView = {
  /** The HTML anchor, e.g. `get-fleet-vehicles-id`. */
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** Empty: no credential (the operation authenticates otherwise, or is open). */
  auth: AuthView[];
  scope?: string;
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
  errors: ResponseView[];
};

export type GroupView = { tag: string; anchor: string; description?: string; operations: OperationView[] };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const firstContent = (content: Record<string, oas31.MediaTypeObject> | undefined) => {
  const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
  return contentType ? { contentType, schema: media?.schema } : undefined;
};

/**
 * The OpenAPI document as the reference page shows it: operations grouped by tag in the
 * document's tag order, every schema resolved into nested fields.
 */
export const buildApiReference = (document: oas31.OpenAPIObject): GroupView[] => {
  const components = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const schemes = document.components?.securitySchemes ?? {};
  const view = (schema: unknown) => viewSchema(schema, { components, seen: [] });
  const groups = new Map<string, GroupView>(
    (document.tags ?? []).map((tag) => [tag.name, { tag: tag.name, anchor: slug(tag.name), description: tag.description, operations: [] }]),
  );
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, { tag, anchor: slug(tag), operations: [] });
      const body = operation.requestBody as oas31.RequestBodyObject | undefined;
      const bodyContent = firstContent(body?.content);
      const responses = Object.entries(operation.responses ?? {}).map(([status, response]): ResponseView => {
        const { description, content } = response as oas31.ResponseObject;
        const first = firstContent(content);
        return { status, description, contentType: first?.contentType, schema: first?.schema ? view(first.schema) : undefined };
      });
      groups.get(tag)!.operations.push({
        anchor: slug(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        // The operation page's h1: never empty.
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description,
        auth: (operation.security ?? []).flatMap((requirement) =>
          Object.keys(requirement).map((scheme) => ({ scheme, description: (schemes[scheme] as oas31.SecuritySchemeObject | undefined)?.description })),
        ),
        scope: typeof operation["x-required-scope"] === "string" ? operation["x-required-scope"] : undefined,
        parameters: ((operation.parameters ?? []) as oas31.ParameterObject[]).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          description: parameter.description,
          schema: view(parameter.schema),
        })),
        requestBody: body
          ? {
              contentTypes: Object.keys(body.content ?? {}),
              required: body.required === true,
              schema: bodyContent?.schema ? view(bodyContent.schema) : undefined,
            }
          : undefined,
        responses: responses.filter((response) => Number(response.status) < 400),
        errors: responses.filter((response) => Number(response.status) >= 400),
      });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
};
