import { spawnSync } from "node:child_process";
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
