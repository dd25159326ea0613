import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";

const APP = path.resolve(__dirname, "../../../app");
/**
 * Route folders that are not part of a documented interface: the dashboard's own data and exports,
 * a live sharing link's page stream, sign-in, health and the document itself. Every other route file is public and must be documented,
 * so a new public resource (a Samsara path at the root, like /tags) cannot be forgotten.
 */
const UNDOCUMENTED = ["api/dashboard", "api/auth", "api/health", "openapi.json", "(dashboard)", "share"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** app/fleet/vehicles/[id]/route.ts → /fleet/vehicles/{id}; route groups `(name)` are not in the URL. */
const toUrlPath = (file: string) =>
  `/${path.relative(APP, path.dirname(file))}`
    .split(path.sep)
    .join("/")
    .replace(/\/\([^)]+\)/g, "")
    .replace(/\[([^\]]+)\]/g, "{$1}");

const routeFiles = () =>
  readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts" && !UNDOCUMENTED.some((root) => file.startsWith(`${root}${path.sep}`)))
    .map((file) => path.join(APP, file));

/** Every "METHOD /path" the route files export. */
const routeOperations = async () => {
  const operations: string[] = [];
  for (const file of routeFiles()) {
    const handlers = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) if (typeof handlers[method] === "function") operations.push(`${method} ${toUrlPath(file)}`);
  }
  return operations.sort();
};

const documentedOperations = () =>
  Object.entries(getOpenApiDocument().paths ?? {})
    .flatMap(([url, item]) => METHODS.filter((method) => item && method.toLowerCase() in item).map((method) => `${method} ${url}`))
    .sort();

describe("OpenAPI document coverage", () => {
  it("maps route folders to URL paths as Next does", () => {
    expect(toUrlPath(path.join(APP, "fleet/vehicles/[id]/route.ts"))).toBe("/fleet/vehicles/{id}");
    expect(toUrlPath(path.join(APP, "api/v2/assets/getByAssetId/[assetId]/route.ts"))).toBe("/api/v2/assets/getByAssetId/{assetId}");
  });

  it("documents every method of every route file of the fleet, legacy, admin and ingestion interfaces, and nothing else", async () => {
    const routes = await routeOperations();
    expect(routes.length).toBeGreaterThanOrEqual(38);
    expect(routes).toEqual(
      expect.arrayContaining(["GET /fleet/vehicles/locations/feed", "DELETE /api/v2/api-keys/{id}", "POST /ingest/osmand", "POST /ingest/batch"]),
    );
    expect(documentedOperations()).toEqual(routes);
  }, 60_000);

  it("groups the operations under the four interface tags, each with its security scheme", () => {
    const document = getOpenApiDocument();
    expect(document.tags?.map((tag) => tag.name)).toEqual(["Public fleet interface", "Legacy interface", "Admin interface", "Device ingestion"]);
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(expect.arrayContaining(["apiKey", "legacyToken", "adminToken", "ingestToken"]));
    const tagsUsed = new Set(
      Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}).flatMap((operation) => (operation as { tags?: string[] }).tags ?? [])),
    );
    expect([...tagsUsed].sort()).toEqual(["Admin interface", "Device ingestion", "Legacy interface", "Public fleet interface"]);
  });

  it("derives admin and ingestion error statuses from ERROR_CODES, with the error body", () => {
    const document = getOpenApiDocument();
    const create = document.paths?.["/api/v2/api-keys"]?.post;
    expect(Object.keys(create?.responses ?? {}).sort()).toEqual(["201", "400", "401", "403", "413"]);
    expect(create?.security).toEqual([{ adminToken: [] }]);
    expect(document.paths?.["/api/v2/auth/token"]?.post?.security).toEqual([]);
    const batch = document.paths?.["/ingest/batch"]?.post;
    expect(batch?.security).toEqual([{ ingestToken: [] }]);
    expect(JSON.stringify(batch?.responses?.["401"])).toContain("#/components/schemas/Error");
    const osmand = document.paths?.["/ingest/osmand"]?.get?.parameters as { name: string; required?: boolean }[];
    // lat and lon may come as `location=lat,lon`, or be left out of a request that sends vehicle values only.
    expect(osmand.filter((parameter) => parameter.required).map((parameter) => parameter.name)).toEqual(["id"]);
  });
});
