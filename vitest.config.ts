import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    // The Samsara SDK suite needs the production server: vitest.sdk.config.ts runs it.
    exclude: ["tests/sdk/**", "node_modules/**"],
    environment: "node",
    // Inspection photos the tests store go to a temporary folder, not the checkout's .data.
    env: { PHOTO_DIR: join(tmpdir(), "fleet-test-photos") },
    // Migrates one database for the run; each test file starts from a copy of it.
    globalSetup: ["tests/helpers/migrated-database.ts"],
    // PGlite boots in ~1 s per file; database suites share one instance per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One fork per core: vitest's default (cores - 1) runs the files one at a time on two cores.
    maxWorkers: availableParallelism(),
  },
});
