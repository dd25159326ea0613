// The e2e server: where it listens and its environment. Read by playwright.config.ts, which starts it,
// and by scripts/test.mjs, which starts it earlier (its first start is minutes of backfill) and lets
// Playwright reuse it.
import { TRACKER_PORT_VARIABLES } from "../lib/platform/config/env.mjs";

/** Where the e2e server listens. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Demo Fleet's live size in the e2e server. Forty keeps some vehicle on the road at every hour
 * (half are day-shift refuse trucks; the rest rotate day, evening and night crews).
 */
export const E2E_FLEET_SIZE = Number(process.env.SIM_VEHICLES ?? 40);

/** The e2e server's environment (beside the caller's own). */
export const e2eServerEnv = () => ({
  PORT: String(E2E_PORT),
  NODE_ENV: "production",
  DEMO: "1",
  DATA_DIR: ".data-e2e",
  SIM_VEHICLES: String(E2E_FLEET_SIZE),
  // Three days of history, not the demo's seven: the specs need yesterday's trips (reports), a day
  // picker with two days and some HOS violation (hos), a trip in the last week (playback). The
  // global setup waits for the backfill and the processors, most of the suite's start-up time.
  SIM_BACKFILL_DAYS: process.env.SIM_BACKFILL_DAYS ?? "3",
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
  NEXT_TELEMETRY_DISABLED: "1",
  // Test servers leave the tracker ports to real deployments unless asked.
  ...Object.fromEntries(TRACKER_PORT_VARIABLES.map((name) => [name, process.env[name] ?? "off"])),
  // e2e/alerts.spec.ts's webhook receiver listens on loopback.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "1",
  // A deactivated user's sessions are re-checked every second (default 30 s, at most 60).
  SESSION_CHECK_SECONDS: "1",
  // One access-log line per request would bury the test report.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
