import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/helpers/long-files-first.mjs";

const TEST_FILES = "tests/**/*.test.ts";

/**
 * The test files that replace modules (`vi.mock`, `vi.doMock`: Next's request scope, mostly): they get a fresh module
 * graph each (project `isolated`). Every other file shares its worker's modules with the files before it (project
 * `shared`): the app is imported once a worker, not once a file (most of a database file's start). What a module caches
 * about the database is dropped when a file opens its own (`forgetOnDatabaseChange` in db/client.ts).
 */
const mockingFiles = readdirSync("tests", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts") && /\bvi\.(mock|doMock)\(/.test(readFileSync(join("tests", file), "utf8")))
  .map((file) => `tests/${file}`);

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    // The Samsara SDK suite needs the production server: vitest.sdk.config.ts runs it.
    exclude: ["tests/sdk/**", "node_modules/**"],
    environment: "node",
    // Inspection photos the tests store go to a temporary folder, not the checkout's .data.
    env: { PHOTO_DIR: join(tmpdir(), "fleet-test-photos") },
    // Migrates one database for the run; each test file starts from a copy of it.
    globalSetup: ["tests/helpers/migrated-database.ts"],
    // PGlite boots in ~1 s per file; database suites share one instance per file.
    testTimeout: 30_000,
    // CI retries a failed test once, as Playwright does there (a rare timing failure on a loaded two-core machine
    // otherwise fails a run of ~1,500 tests); a test that passed on its retry is named at the run's end, to be mended.
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./tests/helpers/retried-tests-reporter.ts"],
    hookTimeout: 60_000,
    pool: "forks",
    // One fork per core: vitest's default (cores - 1) runs the files one at a time on two cores.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      { extends: true, test: { name: "shared", include: [TEST_FILES], exclude: ["tests/sdk/**", ...mockingFiles], isolate: false } },
      { extends: true, test: { name: "isolated", include: mockingFiles.length > 0 ? mockingFiles : ["no-such-file"], isolate: true } },
    ],
  },
});
