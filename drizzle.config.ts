import { readdirSync } from "node:fs";
import { defineConfig } from "drizzle-kit";

const SCHEMA_DIR = "./db/schema";
/**
 * Not read by drizzle-kit: index.ts only re-exports the others, and the partitioned time-series
 * tables (telemetry.ts) are created by a hand-written migration.
 */
const NOT_GENERATED = new Set(["index.ts", "telemetry.ts"]);

export default defineConfig({
  dialect: "postgresql",
  // Every schema file, so a new area's file is picked up without listing it here.
  schema: readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith(".ts") && !NOT_GENERATED.has(file))
    .sort()
    .map((file) => `${SCHEMA_DIR}/${file}`),
  out: "./db/migrations",
});
