import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The Samsara SDK suite (tests/sdk): Samsara's official TypeScript client against the production
 * build, which tests/sdk/global-setup.ts starts. Run after `next build` (scripts/test.mjs does).
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/sdk/**/*.test.ts"],
    globalSetup: ["tests/sdk/global-setup.ts"],
    environment: "node",
    // One server, one rate-limit bucket per company: files run one after another.
    fileParallelism: false,
    // The files share one worker without a fresh module graph each: the SDK is imported once, not once
    // per file (a third of the suite's time). The files are HTTP clients with no module state of their own.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
