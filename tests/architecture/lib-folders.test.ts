import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIB_DOMAINS } from "@/lib/layers.mjs";

const root = path.resolve(__dirname, "../..");
const SPECIFIER = /(?:from|import)\s*\(?\s*["']((?:@\/|\.\.?\/)[^"']+)["']/g;

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });

/** A folder of a domain (lib/fleet/vehicles), or a module at a domain's top (lib/platform/cursor.ts). */
const unitOf = (file: string) => {
  const [, domain, second] = path.relative(root, file).split(path.sep);
  return second === undefined || /\.(ts|tsx|mjs)$/.test(second) ? `${domain}/${second ?? ""}`.replace(/\.(ts|tsx|mjs)$/, "") : `${domain}/${second}`;
};

const importedUnits = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(SPECIFIER)].flatMap(([, specifier]) => {
    const target = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : path.resolve(path.dirname(file), specifier);
    return path.relative(root, target).startsWith(`lib${path.sep}`) ? [unitOf(target)] : [];
  });

const folderGraph = () => {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(root, "lib"))) {
    const from = unitOf(file);
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const to of importedUnits(file)) if (to !== from) edges.add(to);
  }
  return graph;
};

/** The strongly connected groups of more than one folder (Tarjan). */
const cycles = (graph: Map<string, Set<string>>) => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do group.push((member = stack.pop()!));
    while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
};

describe("lib's folders", () => {
  it("depend on each other one way only", () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it("all sit in a domain of the layer list", () => {
    const domains = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(domains.sort()).toEqual([...LIB_DOMAINS].sort());
  });

  it("import only from their own or a lower domain", () => {
    const upward = [...folderGraph()].flatMap(([from, targets]) =>
      [...targets].filter((to) => LIB_DOMAINS.indexOf(to.split("/")[0]) > LIB_DOMAINS.indexOf(from.split("/")[0])).map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });
});
