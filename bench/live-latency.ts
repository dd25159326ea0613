// Ack to marker: `npx tsx bench/live-latency.ts` against a running production server (BENCH_BASE_URL,
// default http://127.0.0.1:3000) whose simulator drives the demo fleet, e.g. on PostgreSQL with
//   DEMO=1 SIM_VEHICLES=10000 SIM_TICK_MS=1000 SIM_BACKFILL_DAYS=0 DATABASE_URL=… node scripts/server.mjs
// The map is open with DEMO-003 selected (the selected vehicle is the map's one DOM marker); every
// 1.5 s a point for it is posted over OsmAnd, and the time from the answer (the acknowledgement) to
// its marker standing at the new place on screen is taken (BENCH_PROBES points, default 30).
// Issue 21's target: p95 under 1 s with 10,000 vehicles at 1 Hz. Prints; asserts nothing.
import os from "node:os";
import { chromium } from "@playwright/test";
import { percentile } from "./measure";

const BASE_URL = process.env.BENCH_BASE_URL ?? "http://127.0.0.1:3000";
const PROBES = Number(process.env.BENCH_PROBES ?? 30);
const DEVICE = process.env.BENCH_DEVICE ?? "demo-live-3";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel("Email").fill(process.env.BENCH_EMAIL ?? "admin@demo.test");
  await page.getByLabel("Password").fill(process.env.BENCH_PASSWORD ?? "demo-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/map");
  await page.waitForTimeout(2_000);
  await page.getByLabel("Search vehicles").fill("DEMO-003");
  await page.locator(".vehicle-row").first().click();
  await page.getByTestId("vehicle-panel").waitFor();
  await page.waitForFunction(`document.querySelector("[data-testid=map-status]")?.textContent?.includes("Live ·")`, null, { timeout: 60_000 });
  const vehicleId = new URL(page.url()).searchParams.get("vehicle")!;
  const marker = `.leaflet-marker-icon[data-marker-key="${vehicleId}"]`;
  const [latitude, longitude] = (await page.getByTestId("panel-position").textContent())!.split(",").map(Number);
  // Stamped ahead of the simulator, each later than the one before: its own points for the vehicle are then late and do not move it.
  const firstSecond = Math.floor(Date.now() / 1000) + 60;
  const latencies: number[] = [];
  for (let probe = 0; probe < PROBES; probe++) {
    const moved = { latitude: (latitude + 0.0005 * ((probe % 4) + 1)).toFixed(5), longitude: (longitude - 0.0005 * ((probe % 3) + 1)).toFixed(5) };
    const before = (await page.evaluate(`JSON.stringify(document.querySelector('${marker}')?.getBoundingClientRect())`)) as string;
    const response = await fetch(`${BASE_URL}/ingest/osmand?id=${DEVICE}&lat=${moved.latitude}&lon=${moved.longitude}&timestamp=${firstSecond + probe}`, { method: "POST" });
    const acked = Date.now();
    if (response.status !== 200) throw new Error(`OsmAnd answered ${response.status}`);
    // In-page code as text: tsx would wrap a function in a helper the page does not have.
    await page.waitForFunction(
      `document.querySelector("[data-testid=panel-position]")?.textContent === "${moved.latitude}, ${moved.longitude}" && JSON.stringify(document.querySelector('${marker}')?.getBoundingClientRect()) !== ${JSON.stringify(before)}`,
      null,
      { polling: "raf", timeout: 10_000 },
    );
    latencies.push(Date.now() - acked);
    await page.waitForTimeout(1_500);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `ack → marker moved (${PROBES} points): p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, max ${sorted.at(-1)} ms (target p95 < 1 s); load ${os.loadavg().map((value) => value.toFixed(1)).join(" ")}`,
  );
} finally {
  await browser.close();
}
