import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("npm test (scripts/test.mjs) without Chromium", () => {
  it("stops at once, before the type check, with the commands that install one", () => {
    const result = spawnSync("node", ["scripts/test.mjs"], {
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain("=== type check");
    expect(result.stderr).toContain("CHROMIUM_PATH=/nonexistent/chromium does not exist");
    expect(result.stderr).toContain("sudo apt-get install -y chromium");
    expect(result.stderr).toContain("npx playwright install chromium");
  });
});

describe("npm run typecheck", () => {
  // node_modules/.bin/tsc is TypeScript 6, hoisted from the linter's parser (tools/eslint-typescript-parser):
  // a `tsc` on the PATH would check the project with the slower compiler it does not build with.
  it("runs the project's TypeScript, not the linter's", () => {
    const { version } = JSON.parse(readFileSync("node_modules/typescript/package.json", "utf8")) as { version: string };
    const result = spawnSync("npm", ["run", "--silent", "typecheck", "--", "--version"], { encoding: "utf8", timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`Version ${version}`);
    expect(version.startsWith("7.")).toBe(true);
  });
});
