import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // PGlite boots in ~1 s per file; database suites share one instance per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
