import { defineConfig } from "@playwright/test";
import { E2E_FLEET_SIZE } from "./e2e/helpers";
import { findChromium } from "./scripts/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// CHROMIUM_PATH, else Debian's chromium (Playwright cannot download browsers here), else Playwright's own.
const CHROMIUM = findChromium() ?? undefined;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The accessibility walks only read the demo data, so they run two at a time (one server, two
  // browsers: on two cores a walk mostly waits for the server or its own browser). The other specs
  // change the data (users, drivers, vehicles, keys) and sign in through the throttled form: one at a
  // time, after the walks, so no walk meets a change half made.
  workers: 2,
  projects: [
    { name: "accessibility", testMatch: "accessibility.spec.ts", fullyParallel: true },
    { name: "flows", testIgnore: "accessibility.spec.ts", fullyParallel: false, workers: 1, dependencies: ["accessibility"] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node scripts/server.mjs",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
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
      // Test servers leave the tracker ports (5027, 5023) to real deployments unless asked.
      TELTONIKA_PORT: process.env.TELTONIKA_PORT ?? "off",
      GT06_PORT: process.env.GT06_PORT ?? "off",
      // e2e/alerts.spec.ts's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "1",
      // A deactivated user's sessions are re-checked every second (default 30 s, at most 60).
      SESSION_CHECK_SECONDS: "1",
      // One access-log line per request would bury the test report.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  },
});
