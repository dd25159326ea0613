import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { trackerListenersOff } from "../lib/platform/config/env.mjs";

// A production server of its own (NODE_ENV=production, no DEMO, only AUTH_SECRET) on an empty data
// folder, next to the suite's demo server: the printed setup link → company and admin → sign-in.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "fleet-first-run-"));
let server: ChildProcess | undefined;
let setupLink = "";

test.beforeAll(async () => {
  server = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "",
      AUTH_SECRET: "first-run-e2e-secret",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      ...trackerListenersOff(),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  setupLink = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${output}`)), 120_000);
    server!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const link = output.match(/(http\S+\/setup\?token=\w+)/)?.[1];
      if (link && output.includes("ready in")) {
        clearTimeout(timer);
        resolve(link);
      }
    });
    server!.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  expect(output).not.toMatch(/demo sign-ins|seeded the demo/);
});

/** Serious or critical axe findings on the page (the accessibility spec's bar). */
const axeFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map((violation) => violation.id);

test.afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("a production start on an empty folder: the setup link creates the company and its admin, once", async ({ page, request }) => {
  expect((await request.get(`${ORIGIN}/setup`)).status()).toBe(403);
  expect((await request.get(`${ORIGIN}/setup?token=forged`)).status()).toBe(403);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(setupLink);
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your fleet");
  expect(await axeFindings(page)).toEqual([]);
  await page.getByLabel("Company name").fill("Acme Haulage");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByLabel("kilometres").check();
  await page.getByLabel("Hours-of-service rules").selectOption("none");
  await page.getByLabel("Your name").fill("Ada Admin");
  await page.getByLabel("Your e-mail (you sign in with it)").fill("ada@acme.example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create the company" }).click();
  await expect(page.getByText("At least 12 characters.").last()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create the company" }).click();
  await page.waitForURL("**/login?setup=done");
  await expect(page.getByRole("status")).toHaveText("Your company is set up. Sign in with the e-mail and password you just chose.");
  await page.getByLabel("Email").fill("ada@acme.example");
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/map");

  await page.goto(`${ORIGIN}/settings/company`);
  await expect(page.getByLabel("Company name")).toHaveValue("Acme Haulage");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(page.getByLabel("kilometres")).toBeChecked();
  await expect(page.getByLabel("Hours-of-service rules")).toHaveValue("none");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company settings");
  await expect(page.getByText("Standard")).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByLabel("Company name").fill("Acme Haulage GmbH");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  // A fleet without HOS: the HOS pages say so instead of showing US clocks.
  for (const path of ["/hos", "/hos/unassigned"]) {
    await page.goto(`${ORIGIN}${path}`);
    await expect(page.getByTestId("hos-not-tracked")).toContainText("Hours of service are not tracked for this company");
    await expect(page.locator(".clock-bar")).toHaveCount(0);
  }
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: "e2e/screenshots/hos-not-tracked-phone.png", fullPage: true });

  expect((await request.get(setupLink)).status()).toBe(403);
});

test("the new company's own truck: a vehicle, its registered phone, a point over OsmAnd → on the live map and in the public API", async ({ page, request }) => {
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel("Email").fill("ada@acme.example");
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/map");

  await page.goto(`${ORIGIN}/vehicles/new`);
  await page.getByLabel("Name", { exact: true }).fill("Acme Truck 1");
  await page.getByLabel("VIN").fill("1M8GDM9AXKP042788");
  await page.getByRole("button", { name: "Create vehicle" }).click();
  await page.waitForURL(/\/vehicles\?saved=/);

  await page.goto(`${ORIGIN}/devices`);
  await page.getByRole("button", { name: "Register device" }).click();
  const form = page.getByRole("form", { name: "Register device" });
  await form.getByLabel("Identifier").fill("acme-phone-1");
  await form.getByLabel("Model").selectOption("osmand");
  await form.getByLabel("Vehicle").selectOption({ label: "Acme Truck 1" });
  await form.getByRole("button", { name: "Register device" }).click();
  await expect(page.getByRole("main").getByText("acme-phone-1")).toBeVisible();

  const timestamp = Math.floor(Date.now() / 1000);
  expect((await request.post(`${ORIGIN}/ingest/osmand?id=acme-phone-1&lat=52.52&lon=13.405&timestamp=${timestamp}&speed=0`)).status()).toBe(200);

  await page.goto(`${ORIGIN}/map`);
  await expect(page.getByRole("main").getByText("Acme Truck 1").first()).toBeVisible();

  const { token } = await (
    await request.post(`${ORIGIN}/api/v2/auth/token`, { data: { email: "ada@acme.example", password: "a long enough password" } })
  ).json();
  const created = await request.post(`${ORIGIN}/api/v2/api-keys`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Acme ERP", scopes: ["vehicles:read"] },
  });
  expect(created.status()).toBe(201);
  const { key } = await created.json();
  const locations = await (await request.get(`${ORIGIN}/fleet/vehicles/locations`, { headers: { authorization: `Bearer ${key}` } })).json();
  expect(locations.data).toEqual([
    expect.objectContaining({ name: "Acme Truck 1", location: expect.objectContaining({ latitude: 52.52, longitude: 13.405 }) }),
  ]);
});
