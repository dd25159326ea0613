import { defineConfig } from "drizzle-kit";

// The partitioned time-series tables (schema/telemetry.ts) are created by a hand-written migration.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./db/schema/columns.ts", "./db/schema/companies.ts", "./db/schema/users.ts", "./db/schema/credentials.ts", "./db/schema/fleet.ts", "./db/schema/vehicle-state.ts", "./db/schema/operations.ts", "./db/schema/trackers.ts", "./db/schema/audit.ts", "./db/schema/webhooks.ts", "./db/schema/fleet-events.ts", "./db/schema/live-shares.ts", "./db/schema/assignments.ts", "./db/schema/devices.ts", "./db/schema/tags.ts", "./db/schema/places.ts", "./db/schema/alerts.ts", "./db/schema/trips.ts", "./db/schema/logbook.ts", "./db/schema/mail.ts"],
  out: "./db/migrations",
});
