// Issue 36's phone figure, `npm run bench:dvir`: a driver files a DVIR with 3 photos from a phone-sized
// page (390x844), end to end against a production build. Needs `NEXT_DIST_DIR=… npx next build` first
// and PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
// created, seeded with the demo and a driver, and dropped). The server listens on E2E_PORT (default
// 3210), Chromium as the e2e suite finds it (scripts/chromium.mjs). DVIR_NETWORK=fast-3g: the phone's
// connection as Chrome's "Fast 3G" (DevTools' preset: 1.44 Mbit/s down, 675 kbit/s up, 563 ms).
// The clock runs from opening the sign-in page to the report and its 3 photos read back from the database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { queryRows } from "@/db/rows";
import { migrateDatabase } from "@/db/migrate";
import { companies, vehicles } from "@/db/schema";
import { createDriverWithLogin } from "@/lib/hos/logbook/create-driver-with-login";
import { operatorActor } from "@/lib/platform/audit";
import { trackerListenersOff } from "@/lib/platform/config/env.mjs";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { createScratchDatabase } from "@/tests/helpers/scratch-database";
import { E2E_PORT } from "@/e2e/server-env.mjs";
import { findChromium } from "@/scripts/chromium.mjs";

const TARGET_MS = 60_000;
const PHONE = { width: 390, height: 844 };
const NETWORKS = { "fast-3g": { latency: 562.5, downloadThroughput: (1_440_000 * 0.9) / 8, uploadThroughput: (675_000 * 0.9) / 8 } };
const network = process.env.DVIR_NETWORK ? NETWORKS[process.env.DVIR_NETWORK as keyof typeof NETWORKS] : undefined;
if (process.env.DVIR_NETWORK && !network) throw new Error(`DVIR_NETWORK: one of ${Object.keys(NETWORKS).join(", ")}`);
const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `dvir_bench_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const origin = `http://127.0.0.1:${E2E_PORT}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A phone camera's photo (4032x3024 JPEG, a few MB: a scene with grain), drawn in the browser before the clock starts. */
const cameraPhoto = async (page: Page, seed: number) =>
  Buffer.from(
    await page.evaluate(async (seed) => {
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [4032, 3024];
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height);
      gradient.addColorStop(0, `hsl(${seed * 97} 40% 30%)`);
      gradient.addColorStop(1, `hsl(${seed * 97 + 120} 30% 70%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, canvas.width, canvas.height);
      const grain = context.getImageData(0, 0, canvas.width, canvas.height);
      let state = seed;
      for (let i = 0; i < grain.data.length; i += 4) {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        const noise = (state % 48) - 24;
        grain.data[i] += noise;
        grain.data[i + 1] += noise;
        grain.data[i + 2] += noise;
      }
      context.putImageData(grain, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), "image/jpeg", 0.92));
      // As a data URL: a few MB as one string crosses to Node quickly (an array of numbers does not).
      const dataUrl = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(blob);
      });
      return dataUrl.slice(dataUrl.indexOf(",") + 1);
    }, seed),
    "base64",
  );

const scratch = await createScratchDatabase({ adminUrl: baseUrl, name, shardCount: 32 });
const handle = openDatabase({ url });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dvir-bench-"));
let server: ReturnType<typeof spawn> | undefined;
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  const { db } = handle;
  await migrateDatabase(handle);
  await seedDemo({ db, liveVehicles: 10 });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const [truck] = await db
    .select({ name: vehicles.name })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demo.id), eq(vehicles.dataset, "live")))
    .orderBy(vehicles.name)
    .limit(1);
  const username = `bench.driver.${randomBytes(3).toString("hex")}`;
  const pin = "482915";
  await createDriverWithLogin({
    db,
    companyId: demo.id,
    dataset: "live",
    input: { name: "Bench Driver", username, timezone: "America/Chicago" },
    secret: pin,
    actor: operatorActor("dvir bench"),
  });

  // The production server on that database, without the simulator: the figure is the phone's path alone.
  server = spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      ...trackerListenersOff(),
      PORT: String(E2E_PORT),
      NODE_ENV: "production",
      DEMO: "1",
      SIMULATOR: "off",
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((_, reject) => server!.on("exit", (code) => reject(new Error(`the server exited with ${code}`))));
  exited.catch(() => {});
  for (
    let waited = 0;
    !(await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 500
  ) {
    if (waited > 180_000) throw new Error("the server did not answer /api/health within 3 minutes");
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 500)), exited]);
  }
  // The pages once, untimed, as a running server has them compiled and cached (Next renders a route's first request slower).
  await fetch(`${origin}/logbook/login`);

  const phone = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto("about:blank");
  const photos = await Promise.all([1, 2, 3].map((seed) => cameraPhoto(page, seed)));
  const sizes = photos.map((photo) => `${(photo.length / 2 ** 20).toFixed(1)} MB`).join(", ");
  console.log(`3 camera photos (4032x3024 JPEG): ${sizes}; the clock starts`);
  if (network) await (await phone.newCDPSession(page)).send("Network.emulateNetworkConditions", { offline: false, ...network });

  const laps: [string, number][] = [];
  const started = performance.now();
  let lapStart = started;
  const lap = (what: string) => {
    const now = performance.now();
    laps.push([what, now - lapStart]);
    lapStart = now;
  };
  await page.goto(`${origin}/logbook/login?username=${username}`);
  await page.getByLabel("Password or PIN").fill(pin);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/logbook$/);
  lap("sign in");
  await page.getByRole("link", { name: "Vehicle inspection" }).click();
  const form = page.getByRole("form", { name: "Vehicle inspection" });
  await form.getByLabel("Vehicle").selectOption({ label: truck.name });
  lap("open the inspection page");
  await form.getByLabel("Post-trip").check();
  await form.getByLabel("Brakes", { exact: true }).check();
  await form.getByLabel("Brakes: what is wrong").fill("Soft pedal, air leak at the rear axle");
  await form.getByLabel("Brakes: add a photo").setInputFiles(photos.map((buffer, i) => ({ name: `IMG_00${i + 1}.jpg`, mimeType: "image/jpeg", buffer })));
  await form.getByRole("img", { name: "Brakes: photo 3" }).waitFor({ timeout: 120_000 });
  lap("mark the defect, attach 3 photos (each shrunk in the page and sent)");
  await form.getByLabel("Not safe to operate").check();
  await form.getByLabel("Signature: type your full name").fill("Bench Driver");
  await form.getByRole("button", { name: "Sign and submit inspection" }).click();
  await form.getByRole("status").filter({ hasText: "Inspection submitted" }).waitFor({ timeout: 120_000 });
  lap("sign and submit");
  const [stored] = await queryRows<{ photos: number; bytes: number }>(
    db,
    sql`select count(p.id)::int as photos, coalesce(sum(p.byte_size), 0)::int as bytes from dvirs d join dvir_defect_photos p
      on p.company_id = d.company_id and p.dvir_id = d.id where d.company_id = ${demo.id}`,
  );
  lap("read the stored report back");
  const totalMs = performance.now() - started;
  if (stored?.photos !== 3) throw new Error(`the stored report has ${stored?.photos ?? 0} photos, not 3`);
  console.log(
    `\nDVIR with 3 photos from a 390x844 page (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}; network ${process.env.DVIR_NETWORK ?? "loopback"}):`,
  );
  for (const [what, ms] of laps) console.log(`  ${what}: ${seconds(ms)}`);
  console.log(`  photos chosen: ${sizes}; stored: ${Math.round(stored.bytes / 1024)} KB in all`);
  console.log(`  end to end: ${seconds(totalMs)} (target < ${seconds(TARGET_MS)}: ${totalMs < TARGET_MS ? "met" : "NOT met"})`);
} finally {
  await browser.close();
  await handle.close();
  server?.kill("SIGTERM");
  await new Promise((resolve) => (server && server.exitCode === null ? server.once("exit", resolve) : resolve(null)));
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
