import { expect, test } from "@playwright/test";
import { makeVin } from "../lib/runtime/seed/vin";
import { connectTracker } from "../lib/ingestion/trackers/tracker-client";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "../lib/ingestion/trackers/teltonika-encoder";
import { seriousAxeFindings } from "./axe-findings";
import { startOwnServer, type OwnServer } from "./own-server";

// A production server of its own (NODE_ENV=production, no DEMO, only AUTH_SECRET) on an empty data
// folder, next to the suite's demo server: the printed setup link → company and admin → sign-in.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Its Teltonika and OsmAnd listeners, on ports of this run's own (the other listeners off): the Devices page says where they are. */
const TELTONIKA_PORT = PORT + 3_000;
const OSMAND_PORT = PORT + 3_001;
let server: OwnServer | undefined;
let setupLink = "";

test.beforeAll(async () => {
  // A production start migrates an empty database first: on a busy machine (npm test runs the vitest
  // passes beside Playwright) that took past the 60 s a hook gets by default.
  test.setTimeout(150_000);
  server = await startOwnServer({
    port: PORT,
    env: { DEMO: "", AUTH_SECRET: "first-run-e2e-secret", TELTONIKA_PORT: String(TELTONIKA_PORT), OSMAND_PORT: String(OSMAND_PORT) },
    until: (output) => /http\S+\/setup\?token=\w+/.test(output),
  });
  setupLink = server.output().match(/(http\S+\/setup\?token=\w+)/)![1];
  expect(server.output()).not.toMatch(/demo sign-ins|seeded the demo/);
});

test.afterAll(async () => {
  await server?.stop();
});

test("a production start on an empty folder: the setup link creates the company and its admin, once", async ({ page, request }) => {
  expect((await request.get(`${ORIGIN}/setup`)).status()).toBe(403);
  expect((await request.get(`${ORIGIN}/setup?token=forged`)).status()).toBe(403);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(setupLink);
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your fleet");
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByLabel("Company name").fill("Acme Haulage");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByLabel("kilometres").check();
  await page.getByLabel("Hours-of-service rules").selectOption("none");
  // The home town from the shipped gazetteer: suggestions as one types, no network.
  await page.getByLabel("Home city (optional)").pressSequentially("Berl");
  await expect(page.locator("datalist option[value='Berlin, DE']")).toHaveCount(1);
  await page.getByLabel("Home city (optional)").fill("Berlin, DE");
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
  // No vehicle, no place yet: the map opens on the home town, not Chicago.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fleetMap?: { getCenter(): { lat: number } } }).__fleetMap?.getCenter().lat))
    .toBeCloseTo(52.52, 0);
  const centre = await page.evaluate(() => (window as unknown as { __fleetMap: { getCenter(): { lat: number; lng: number } } }).__fleetMap.getCenter());
  expect(centre.lng).toBeCloseTo(13.4, 0);

  await page.goto(`${ORIGIN}/settings/company`);
  await expect(page.getByLabel("Company name")).toHaveValue("Acme Haulage");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(page.getByLabel("kilometres")).toBeChecked();
  await expect(page.getByLabel("Hours-of-service rules")).toHaveValue("none");
  await expect(page.getByLabel("Home city")).toHaveValue("Berlin, DE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company settings");
  await expect(page.getByText("Standard")).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
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
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: "e2e/screenshots/hos-not-tracked-phone.png", fullPage: true });

  expect((await request.get(setupLink)).status()).toBe(403);
});

test(
  "the new company's own truck and tracker, set up from what the dashboard shows: the OsmAnd URL and port for a phone, the host and port for a " +
    "Teltonika tracker that reports before it is claimed → on the live map, the Devices page and the public API",
  async ({ page, request }) => {
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
    // Connect a device: this installation's own URL for a phone, read off the page.
    await page.getByTestId("connect-osmand").locator("summary").click();
    const osmandUrl = await page.getByTestId("osmand-url").inputValue();
    expect(osmandUrl).toBe(`${ORIGIN}/ingest/osmand`);
    const osmandPortUrl = await page.getByTestId("osmand-port-url").inputValue();
    expect(osmandPortUrl).toBe(`http://127.0.0.1:${OSMAND_PORT}`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole("button", { name: "Register device" }).click();
    const form = page.getByRole("form", { name: "Register device" });
    await form.getByLabel("Identifier").fill("acme-phone-1");
    await form.getByLabel("Model").selectOption("osmand");
    await form.getByLabel("Vehicle").selectOption({ label: "Acme Truck 1" });
    await form.getByRole("button", { name: "Register device" }).click();
    await expect(page.getByRole("main").getByText("acme-phone-1")).toBeVisible();

    const timestamp = Math.floor(Date.now() / 1000);
    expect((await request.post(`${osmandUrl}?id=acme-phone-1&lat=52.51&lon=13.4&timestamp=${timestamp - 1}&speed=0`)).status()).toBe(200);
    // A phone set up for Traccar keeps its port: the next report goes there.
    expect((await request.post(`${osmandPortUrl}/?id=acme-phone-1&lat=52.52&lon=13.405&timestamp=${timestamp}&speed=0`)).status()).toBe(200);

    // A Teltonika tracker, pointed at the host and port the page gives, reports before anyone registered it: refused, kept.
    await page.goto(`${ORIGIN}/vehicles/new`);
    await page.getByLabel("Name", { exact: true }).fill("Acme Truck 2");
    await page.getByLabel("VIN").fill(makeVin({ wmi: "1E2", seed: 7_000_001, year: 2024 }));
    await page.getByRole("button", { name: "Create vehicle" }).click();
    await page.waitForURL(/\/vehicles\?saved=/);
    await page.goto(`${ORIGIN}/devices`);
    await page.getByTestId("connect-teltonika").locator("summary").click();
    const host = await page.getByTestId("teltonika-host").inputValue();
    const port = Number(await page.getByTestId("teltonika-port").inputValue());
    expect({ host, port }).toEqual({ host: "127.0.0.1", port: TELTONIKA_PORT });
    await page.getByTestId("connect-osmand").locator("summary").click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e/screenshots/devices-connect-phone.png", fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.screenshot({ path: "e2e/screenshots/devices-connect-desktop.png", fullPage: true });
    const imei = "352093089612345";
    const kept = { time: new Date(Date.now() - 60_000), fix: { latitude: 52.4, longitude: 13.06, speedKmh: 0, heading: 0, satellites: 9 }, io: {} };
    const refused = await connectTracker({ host, port });
    refused.send(encodeTeltonikaImei(imei));
    expect(await refused.read(1)).toEqual(Buffer.from([0x00]));
    refused.end();

    // Claimed by its IMEI, it sends what it kept (stamped before the claim): stored, and it is the device's report.
    const claim = page.getByRole("form", { name: "Claim a device" });
    await claim.getByLabel("Identifier").fill(imei);
    await claim.getByRole("button", { name: "Claim…" }).click();
    await page.getByRole("dialog").getByLabel("Vehicle").selectOption({ label: "Acme Truck 2" });
    await page.getByRole("dialog").getByRole("button", { name: "Claim device" }).click();
    await expect(page.locator(`tr[data-device="${imei}"]`)).toContainText("Acme Truck 2");
    const tracker = await connectTracker({ host, port });
    tracker.send(encodeTeltonikaImei(imei));
    expect(await tracker.read(1)).toEqual(Buffer.from([0x01]));
    tracker.send(encodeTeltonikaPacket({ records: [kept] }));
    expect((await tracker.read(4))?.readUInt32BE(0)).toBe(1);
    tracker.end();
    await page.reload();
    await expect(page.locator(`tr[data-device="${imei}"]`)).toContainText("Online");

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
      expect.objectContaining({ name: "Acme Truck 2", location: expect.objectContaining({ latitude: 52.4, longitude: 13.06 }) }),
    ]);
  },
);
