import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";
import { buildApiReference } from "@/lib/interfaces/openapi/reference/api-reference";
import { viewSchema } from "@/lib/interfaces/openapi/reference/schema-view";

const groups = buildApiReference(getOpenApiDocument());
const operation = (method: string, path: string) => groups.flatMap((group) => group.operations).find((op) => op.method === method && op.path === path)!;

describe("buildApiReference", () => {
  it("groups every operation under the four interfaces, in the document's order", () => {
    expect(groups.map((group) => group.tag)).toEqual(["Public fleet interface", "Legacy interface", "Admin interface", "Device ingestion"]);
    expect(groups.map((group) => group.anchor)).toEqual(["public-fleet-interface", "legacy-interface", "admin-interface", "device-ingestion"]);
    const documented = Object.values(getOpenApiDocument().paths ?? {}).reduce(
      (count, item) => count + Object.keys(item ?? {}).filter((key) => ["get", "post", "put", "patch", "delete"].includes(key)).length,
      0,
    );
    expect(groups.reduce((count, group) => count + group.operations.length, 0)).toBe(documented);
  });

  it("gives every operation an anchor of its own that is a URL path segment as it is (its page's slug) and a summary (its page's h1)", () => {
    const operations = groups.flatMap((group) => group.operations);
    expect(new Set(operations.map((op) => op.anchor)).size).toBe(operations.length);
    for (const op of operations) {
      expect(op.anchor).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(op.summary).not.toBe("");
    }
  });

  it("titles an operation without a summary by its method and path", () => {
    const [group] = buildApiReference({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/things/{id}": { get: { responses: { "200": { description: "The thing." } } } } },
    });
    expect(group.operations[0]).toMatchObject({ anchor: "get-things-id", summary: "GET /things/{id}" });
  });

  it("shows the feed's parameters with types, defaults and bounds, its scope and auth", () => {
    const feed = operation("GET", "/fleet/vehicles/locations/feed");
    expect(feed.anchor).toBe("get-fleet-vehicles-locations-feed");
    expect(feed.scope).toBe("vehicles:read");
    expect(feed.auth.map((auth) => auth.scheme)).toEqual(["apiKey"]);
    const limit = feed.parameters.find((parameter) => parameter.name === "limit")!;
    expect(limit).toMatchObject({ in: "query", required: false, schema: { type: "integer", defaultValue: "50", constraints: "1–512" } });
    expect(feed.parameters.find((parameter) => parameter.name === "after")?.schema.type).toBe("string");
    expect(feed.parameters.find((parameter) => parameter.name === "X-Service-Version")?.in).toBe("header");
    expect(feed.errors.map((error) => error.status)).toEqual(["400", "401", "403", "429"]);
  });

  it("resolves $refs into nested fields: the key list's data is an array of ApiKey with nullable times", () => {
    const [ok] = operation("GET", "/api/v2/api-keys").responses;
    expect(ok.status).toBe("200");
    const data = ok.schema!.fields.find((field) => field.name === "data")!;
    expect(data.type).toBe("array of ApiKey");
    expect(data.fields.find((field) => field.name === "expiresAt")).toMatchObject({ type: "string (date-time)", nullable: true, required: true });
    expect(data.fields.find((field) => field.name === "environment")?.enumValues).toEqual(["live", "test"]);
    const body = operation("POST", "/api/v2/api-keys").requestBody!;
    expect(body.schema!.fields.filter((field) => field.required).map((field) => field.name)).toEqual(["name", "scopes"]);
  });

  it("marks operations without a credential, and keeps error statuses apart from answers", () => {
    const osmand = operation("GET", "/ingest/osmand");
    expect(osmand.auth).toEqual([]);
    expect(osmand.responses.map((response) => response.status)).toEqual(["200"]);
    expect(osmand.errors.map((response) => response.status)).toEqual(["400"]);
  });

  it("names a component already being expanded instead of recursing, and reads nullable unions", () => {
    const components = {
      Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" }, label: { anyOf: [{ type: "string" }, { type: "null" }] } } },
    };
    const view = viewSchema({ $ref: "#/components/schemas/Node" }, { components, seen: [] });
    expect(view.type).toBe("Node");
    expect(view.fields.map((field) => [field.name, field.type, field.nullable, field.fields.length])).toEqual([
      ["child", "Node", false, 0],
      ["label", "string", true, 0],
    ]);
  });
});
