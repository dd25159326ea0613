import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, ROUTE_REGISTRY } from "./registry";

const ROOT = path.resolve(__dirname, "../..");

/** Every route.ts under app/, as a path relative to the repository. */
const findRouteFiles = (dir = path.join(ROOT, "app")): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });

describe("route registry (tests/harness/registry.ts)", () => {
  it("lists every exported HTTP method of every route file under app/, and nothing that no longer exists", async () => {
    const exported: string[] = [];
    const handlers = new Map<string, unknown>();
    for (const file of findRouteFiles()) {
      const module = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      for (const method of HTTP_METHODS.filter((name) => typeof module[name] === "function")) {
        exported.push(`${method} ${file}`);
        handlers.set(`${method} ${file}`, module[method]);
      }
    }
    const registered = ROUTE_REGISTRY.map((route) => `${route.method} ${route.file}`);
    const missing = exported.filter((entry) => !registered.includes(entry));
    const stale = registered.filter((entry) => !exported.includes(entry));
    expect(missing, "route handlers not registered with the harness (add them to tests/harness/registry.ts)").toEqual([]);
    expect(stale, "registered routes that no longer exist").toEqual([]);
    expect(new Set(registered).size, "a route registered twice").toBe(registered.length);
    for (const route of ROUTE_REGISTRY)
      expect(route.handler, `${route.method} ${route.file}: registered handler is not the exported one`).toBe(handlers.get(`${route.method} ${route.file}`));
  });
});
