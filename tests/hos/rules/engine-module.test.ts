import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../..");

describe("the HOS engine as a module other programs can use", () => {
  it("imports nothing outside lib/hos/rules", () => {
    const folder = path.join(root, "lib/hos/rules");
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      const source = readFileSync(path.join(folder, file), "utf8");
      for (const [, specifier] of source.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']/g)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+$/);
      }
    }
  });

  it("runs the example in docs/hos.md", () => {
    const output = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["examples/hos-engine.ts"], { cwd: root, encoding: "utf8" });
    expect(output.split("\n")).toEqual([
      "status sleeperBed since 2026-01-06T04:00:00.000Z",
      "drive 6h00, shift 7h00, break in 8h00, cycle 59h00",
      "no violations",
      'refused log[0].status: Invalid "log[0].status": "Driving" is not one of "offDuty", "sleeperBed", "driving", "onDuty", "yardMove", "personalConveyance".',
      "",
    ]);
  });
});
