// Plain JavaScript: vitest.config.ts imports it, and Vite's config loader warns on an extensionless TypeScript import.
import { BaseSequencer } from "vitest/node";

/**
 * The test files that take longest on a loaded two-core CI machine (docs/scaling.md, "Session 24, the vitest passes"), by
 * path prefix, longest first. On a clean clone vitest knows no durations and starts the largest files first, so these
 * short files (the fuzzing's shares are five lines each) ran last, one to a fork, while the other fork sat idle.
 */
const LONG_FILES = [
  "tests/harness/fuzz-",
  "tests/harness/route-matrix.test.ts",
  "tests/scripts/fleet-command.test.ts",
  "tests/access/auth/sign-in-throttle.test.ts",
  "tests/harness/limits.test.ts",
  "tests/outbound/webhooks/webhooks.test.ts",
  "tests/telemetry/fleet-events/telemetry-processors.test.ts",
  "tests/processing/trips/unique-activity-starts-migration.test.ts",
  "tests/runtime/seed/seed-demo.test.ts",
];

/** vitest's order (projects one after another), but within a project the long files first, longest first. */
export class LongFilesFirst extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    /** @type {Map<string, number>} */
    const projectRank = new Map();
    for (const file of sorted) if (!projectRank.has(file.project.name)) projectRank.set(file.project.name, projectRank.size);
    const root = `${this.ctx.config.root}/`;
    /** @param {import("vitest/node").TestSpecification} file */
    const rank = (file) => {
      const index = LONG_FILES.findIndex((prefix) => file.moduleId.startsWith(`${root}${prefix}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) => (projectRank.get(a.file.project.name) ?? 0) - (projectRank.get(b.file.project.name) ?? 0) || rank(a.file) - rank(b.file) || a.index - b.index,
      )
      .map(({ file }) => file);
  }
}
