import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failureSummary, retriedTests } from "@/scripts/step-summary.mjs";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/**
 * Runs a test runner in a folder of its own outside the project, whose imports resolve to the project's packages, on
 * `files` (name → text), in colour as in a terminal: the output npm test holds.
 */
const outputOf = (command: string, files: Record<string, string>) => {
  const folder = mkdtempSync(path.join(tmpdir(), "step-summary-"));
  folders.push(folder);
  symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  // One stream, as npm test reads a step's output: vitest writes its failures to one and its totals to the other.
  const result = spawnSync("sh", ["-c", `npx ${command} 2>&1`], {
    cwd: folder,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, FORCE_COLOR: "1", CI: "true" },
  });
  expect(result.status).toBe(1);
  return result.stdout;
};

/** A test that fails its first try and passes its retry. */
const flaky = `let tries = 0;\ntest("flaky", () => { expect(++tries).toBe(2); });`;
const reporter = path.resolve("tests/helpers/retried-tests-reporter.ts");

describe("npm test's account of a step (printed again at the end of the run)", () => {
  it("gives vitest's first failure whole, the others' names and the totals in at most 60 plain lines; names a test passed on a retry", () => {
    const failing = Array.from({ length: 12 }, (_, index) => `test("sums ${index}", () => { expect(${index} + 1).toBe(0); });`);
    const output = outputOf(`vitest run --globals --retry 1 --reporter default --reporter ${reporter}`, {
      "sums.test.js": [`test("passes", () => {});`, ...failing].join("\n"),
      "flaky.test.js": flaky,
    });
    expect(retriedTests(output)).toEqual(["flaky.test.js > flaky"]);
    const summary = failureSummary(output);
    expect(summary.length).toBeLessThanOrEqual(60);
    expect(summary[0]).toMatch(/Failed Tests 12/);
    const text = summary.join("\n");
    expect(text).toContain("FAIL  sums.test.js > sums 0");
    expect(text).toContain("AssertionError: expected 1 to be +0");
    expect(text).toContain("FAIL  sums.test.js > sums 11");
    expect(text).toMatch(/Tests\s+12 failed \| 2 passed/);
    expect(text).not.toContain("\u001b[");
  });

  it("gives Playwright's failures with their errors and the totals; names a test passed on a retry", () => {
    const config = `export default { testDir: ".", outputDir: "results", reporter: "list", projects: [{ name: "flows" }] };`;
    const spec = `import { test, expect } from "@playwright/test";\ntest("adds", () => { expect(1 + 1).toBe(3); });\ntest("passes", () => {});`;
    const retriedSpec = `import { test, expect } from "@playwright/test";\ntest("flaky", ({}, info) => { expect(info.retry).toBe(1); });`;
    const output = outputOf("playwright test --retries 1", { "playwright.config.mjs": config, "adds.spec.mjs": spec, "flaky.spec.mjs": retriedSpec });
    expect(retriedTests(output)).toEqual(["[flows] › flaky.spec.mjs:2:1 › flaky"]);
    const summary = failureSummary(output).join("\n");
    expect(summary).toMatch(/^ {2}1\) \[flows\] › adds\.spec\.mjs:2:1 › adds/);
    expect(summary).toContain("Expected: 3");
    expect(summary).toMatch(/1 failed[\s\S]*1 passed/);
    expect(summary).not.toContain("✓");
  });
});
