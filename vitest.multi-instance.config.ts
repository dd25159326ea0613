import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The two-instance test: starts production servers, so scripts/test.mjs runs it after the build.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: { include: ["tests/multi-instance/**/*.spec.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 180_000, pool: "forks" },
});
