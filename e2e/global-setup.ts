import { mkdirSync } from "node:fs";
import { chromium, type FullConfig } from "@playwright/test";
import { authStatePath, DEMO_USERS, signInThroughForm } from "./helpers";

/**
 * Waits for the simulator's first-start backfill (SIM_BACKFILL_DAYS of history, on a fresh data folder: see playwright.config.ts) and for
 * the telemetry processors (alerts, trips, automatic driving) to work through it. The server answers
 * /api/health meanwhile, so without this the first specs race it: on a loaded machine it takes long
 * enough that HOS violations, trips or a moving vehicle may not exist yet, and pages answer slowly.
 */
const waitForSimulator = async (baseURL: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  let state: string | undefined;
  while (Date.now() < deadline) {
    const health = (await fetch(`${baseURL}/api/health`).then(
      (response) => response.json(),
      () => null,
    )) as { simulator?: { state?: string; detail?: string }; telemetryProcessors?: string } | null;
    state = health?.simulator?.state;
    if ((state === "running" || state === "off") && health?.telemetryProcessors === "current") return;
    if (state === "failed") throw new Error(`The simulator failed: ${health?.simulator?.detail ?? "no detail"}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`The simulator was still ${state ?? "unknown"} (or the processors catching up) after ${timeoutMs / 1000} s`);
};

/** Signs each demo user in once, through the form, and keeps the session for the specs. */
const globalSetup = async (config: FullConfig) => {
  const { baseURL, launchOptions } = config.projects[0].use;
  const waitStarted = Date.now();
  await waitForSimulator(baseURL!, 8 * 60_000);
  // How long the suite waited for the server's first start: a share of npm test's time (docs/scaling.md).
  console.log(`e2e global setup: the simulator and processors were ready after ${((Date.now() - waitStarted) / 1000).toFixed(1)} s`);
  mkdirSync("e2e/.auth", { recursive: true });
  const browser = await chromium.launch(launchOptions);
  for (const user of DEMO_USERS) {
    const context = await browser.newContext({ baseURL });
    await signInThroughForm(await context.newPage(), user);
    await context.storageState({ path: authStatePath(user) });
    await context.close();
  }
  await browser.close();
};

export default globalSetup;
