import { expect, type Page } from "@playwright/test";
import { DEMO_ADMIN, E2E_FLEET_SIZE, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_ADMIN);

/**
 * The side list counts the simulated fleet, and any vehicle a spec running beside this one has added to
 * Demo Fleet (the flows run on two workers: the CSV import, the XSS vehicle).
 */
const expectWholeFleetListed = async (page: Page) =>
  expect
    .poll(async () => Number((await page.getByTestId("list-count").textContent())?.match(/^(\d+) vehicles$/)?.[1] ?? 0))
    .toBeGreaterThanOrEqual(E2E_FLEET_SIZE);

/**
 * Where, in the page, the canvas draws its only vehicle dot now (components/map/fleet-map.tsx keeps the map as
 * window.__fleetMap; a dot is a Leaflet circle marker with its vehicle's style): a canvas has no element to click.
 */
const whereVehicleDotIs = (page: Page) =>
  page.evaluate(() => {
    type Dot = { vehicle?: unknown; getLatLng?: () => unknown };
    const map = (window as unknown as { __fleetMap: import("leaflet").Map }).__fleetMap;
    const dots: Dot[] = [];
    map.eachLayer((layer) => {
      if ((layer as Dot).vehicle && (layer as Dot).getLatLng) dots.push(layer as Dot);
    });
    if (dots.length !== 1) throw new Error(`${dots.length} vehicle dots on the canvas`);
    const point = map.latLngToContainerPoint((dots[0].getLatLng as () => import("leaflet").LatLng)());
    const box = map.getContainer().getBoundingClientRect();
    return { x: box.left + point.x, y: box.top + point.y };
  });

test("the dashboard data routes answer 401 JSON when signed out", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const path of [
    "/api/dashboard/fleet",
    "/api/dashboard/vehicles",
    "/api/dashboard/vehicles/1/locations?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z",
  ]) {
    const response = await request.get(path);
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
  }
});

test("the live map shows the demo fleet, and a vehicle moves between two looks", async ({ page }) => {
  // Crews change shifts: on rare minutes nobody is driving, so wait (the map polls) for someone who is.
  test.setTimeout(240_000);
  await page.goto("/map");
  await expectWholeFleetListed(page);
  const map = page.getByRole("region", { name: /^Map of \d+ vehicles/ });
  // Clusters or single vehicles: at least one is drawn on the (tile-less) map's canvas.
  await expect
    .poll(async () => Number(await map.getAttribute("data-vehicles-drawn")) + Number(await map.getAttribute("data-clusters-drawn")))
    .toBeGreaterThan(0);
  await screenshot(page, "map-fleet");

  // Pick a moving vehicle and watch its panel position change as the simulator ticks.
  const moving = page.getByRole("group", { name: "Filter by state" }).getByRole("button", { name: /Moving/ });
  await expect.poll(async () => Number(await moving.locator(".chip-count").textContent()), { timeout: 150_000, intervals: [5_000] }).toBeGreaterThan(0);
  await moving.click();
  await page.locator(".vehicle-row").first().click();
  const panel = page.getByTestId("vehicle-panel");
  await expect(panel).toBeVisible();
  const vehicleId = new URL(page.url()).searchParams.get("vehicle");
  expect(vehicleId).toBeTruthy();
  await expect(page.locator(`.leaflet-marker-icon[data-marker-key="${vehicleId}"]`)).toBeVisible();
  const firstPosition = await page.getByTestId("panel-position").textContent();
  const firstUpdate = await page.getByTestId("panel-last-update").textContent();
  await expect(async () => {
    expect(await page.getByTestId("panel-last-update").textContent()).not.toBe(firstUpdate);
    expect(await page.getByTestId("panel-position").textContent()).not.toBe(firstPosition);
  }).toPass({ timeout: 25_000, intervals: [2_000] });
  // Demo Fleet keeps miles (Company settings): every speed in mph, no viewer toggle.
  await expect(page.getByTestId("panel-speed")).toHaveText(/\d+ mph/);
  await expect(page.getByTestId("panel-fuel")).toHaveText(/\d+ %/);
  await expect(panel.getByText("Hours of service")).toBeVisible();
  await expect(panel.getByTestId("panel-hos")).toBeVisible();
  await expect(page.getByRole("group", { name: "Speed unit" })).toHaveCount(0);
  await screenshot(page, "map-vehicle-panel");

  // A reload keeps the selected vehicle (deep link).
  await page.reload();
  await expect(page.getByTestId("vehicle-panel")).toBeVisible();
  await expect(page.locator(`.vehicle-row[data-vehicle-id="${vehicleId}"]`)).toHaveAttribute("aria-current", "true");
});

test("the side list filters by search and by state, and selecting from it opens the panel", async ({ page }) => {
  await page.goto("/map");
  await expectWholeFleetListed(page);
  await page.getByLabel("Search vehicles").fill("DEMO-007");
  await expect(page.getByTestId("list-count")).toHaveText("1 vehicle");
  await expect(page.locator(".vehicle-row")).toHaveText(/DEMO-007/);
  await page.getByLabel("Search vehicles").fill("no such vehicle");
  await expect(page.getByText("No vehicle matches")).toBeVisible();
  await page.getByLabel("Search vehicles").fill("");
  const offline = page.getByRole("group", { name: "Filter by state" }).getByRole("button", { name: /Offline/ });
  const offlineCount = Number(await offline.locator(".chip-count").textContent());
  await offline.click();
  if (offlineCount === 0) await expect(page.getByText("No vehicle matches")).toBeVisible();
  else await expect(page.getByTestId("list-count")).toHaveText(`${offlineCount} vehicle${offlineCount === 1 ? "" : "s"}`);
  await page.getByRole("group", { name: "Filter by state" }).getByRole("button", { name: /All/ }).click();
  await page.getByLabel("Search vehicles").fill("DEMO-003");
  await page.locator(".vehicle-row").first().click();
  await expect(page.getByTestId("vehicle-panel").getByRole("heading", { name: "DEMO-003" })).toBeVisible();
  await screenshot(page, "map-list-filtered");
});

test("a vehicle drawn on the map's canvas selects on a click; the selected one is the map's only marker, named and focusable", async ({ page }) => {
  await page.goto("/map");
  await page.getByLabel("Search vehicles").fill("DEMO-003");
  await page.locator(".vehicle-row").first().click();
  const panel = page.getByTestId("vehicle-panel");
  await expect(panel.getByRole("heading", { name: "DEMO-003" })).toBeVisible();
  const vehicleId = new URL(page.url()).searchParams.get("vehicle");
  const marker = page.locator(`.leaflet-marker-icon[data-marker-key="${vehicleId}"]`);
  await expect(marker).toBeVisible();
  await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
  await expect(marker).toHaveAttribute("role", "button");
  await expect(marker).toHaveAttribute("title", /^DEMO-003, \w+, selected$/);
  await marker.focus();
  await expect(marker).toBeFocused();
  await screenshot(page, "map-selected-marker");

  // Closing the panel hands the vehicle back to the canvas (no marker left); a click where it is drawn selects it again.
  await panel.getByRole("button", { name: "Close the panel of DEMO-003" }).click();
  await expect(page.locator(".leaflet-marker-icon")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Map of 1 vehicle;/ })).toHaveAttribute("data-vehicles-drawn", "1");
  // DEMO-003 drives: a live update may move its dot between reading where it is and the click, so read and click again.
  // A click that selected it (the address names it) leaves no dot to click: on a loaded machine its panel can take
  // longer than a try, and the next try then waits for the panel instead of looking for the dot.
  await expect(async () => {
    if (!new URL(page.url()).searchParams.has("vehicle")) {
      const { x, y } = await whereVehicleDotIs(page);
      await page.mouse.click(x, y);
    }
    await expect(panel.getByRole("heading", { name: "DEMO-003" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(marker).toBeVisible();
});

test("a trailer with a tracker of its own is on the live map as a trailer: its own marker, named so", async ({ page, request }) => {
  const { token } = await (await request.post("/api/v2/auth/token", { data: DEMO_ADMIN })).json();
  const { key } = await (
    await request.post("/api/v2/api-keys", { headers: { authorization: `Bearer ${token}` }, data: { name: "e2e trailers", scopes: ["trailers:write"] } })
  ).json();
  const name = `E2E trailer ${Date.now() % 100_000}`;
  const created = await request.post("/fleet/trailers", { headers: { authorization: `Bearer ${key}` }, data: { name } });
  expect(created.ok()).toBe(true);
  const trailerId = Number((await created.json()).data.id);
  // Its tracker reports through a gateway's batch, as any asset's does.
  const reported = await request.post("/ingest/batch", {
    headers: { authorization: "Bearer demo-ingest-token" },
    data: [{ vehicleId: trailerId, time: new Date().toISOString(), latitude: 41.8827, longitude: -87.6233, speed: 0, heading: 90 }],
  });
  expect(reported.ok()).toBe(true);
  await page.goto(`/map?vehicle=${trailerId}`);
  const marker = page.locator(`.leaflet-marker-icon[data-marker-key="${trailerId}"]`);
  await expect(marker).toHaveAttribute("title", new RegExp(`^${name}, trailer, `));
  await expect(marker.locator(".vm-trailer")).toBeVisible();
  await expect(page.getByTestId("vehicle-panel").getByRole("heading", { name })).toBeVisible();
  await screenshot(page, "map-trailer");
});
