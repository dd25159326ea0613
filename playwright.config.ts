import { defineConfig } from "@playwright/test";
import { E2E_PORT, e2eServerEnv } from "./e2e/server-env.mjs";
import { findChromium } from "./scripts/chromium.mjs";

export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Specs that change nothing another spec reads (no sign-out either: it would end the walks' stored sessions). */
const READ_ONLY_SPECS = [
  "api-reference.spec.ts",
  "hos.spec.ts",
  "not-found.spec.ts",
  "playback.spec.ts",
  "prefetch.spec.ts",
  "stats.spec.ts",
  "waste-jobs.spec.ts",
];

// CHROMIUM_PATH, else Debian's chromium (Playwright cannot download browsers here), else Playwright's own.
const CHROMIUM = findChromium() ?? undefined;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two browsers against one server: on two cores a test mostly waits for the server or its own browser.
  // The accessibility walks only read the demo data, so their tests run two at a time. The other specs
  // change the data (users, drivers, vehicles, keys): they run after the walks, so no walk meets a change
  // half made, two files at a time, each file's tests in order. A spec that changes what another reads
  // keeps to its own records or to Other Fleet (the logbook), and the map counts the fleet as at least
  // the simulated vehicles.
  // The flows that only read the demo data run beside the walks (project `reads`), so that neither worker idles while
  // the other finishes the last walk before the flows may start.
  workers: 2,
  projects: [
    { name: "accessibility", testMatch: "accessibility.spec.ts", fullyParallel: true },
    { name: "reads", testMatch: READ_ONLY_SPECS, fullyParallel: false },
    { name: "flows", testIgnore: ["accessibility.spec.ts", ...READ_ONLY_SPECS], fullyParallel: false, dependencies: ["accessibility", "reads"] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1400, height: 900 },
    // As a person who asked for less motion: the loading placeholders and spinners stand still (the dashboard's CSS).
    // Animated, they kept the browser painting while pages loaded, a large share of its CPU on a loaded machine.
    reducedMotion: "reduce",
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
    // scripts/test.mjs starts the server while the steps before Playwright run (E2E_SERVER_STARTED=1).
    reuseExistingServer: process.env.E2E_SERVER_STARTED === "1",
    stdout: "pipe",
    env: e2eServerEnv(),
  },
});
