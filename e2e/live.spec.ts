import { expect, type Page } from "@playwright/test";
import { DEMO_ADMIN, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_ADMIN);

/** Opens DEMO-003 from the side list: the map zooms to its own marker and its panel opens. */
const openVehicle = async (page: Page) => {
  await page.goto("/map");
  await page.getByLabel("Search vehicles").fill("DEMO-003");
  await page.locator(".vehicle-row").first().click();
  await expect(page.getByTestId("vehicle-panel")).toBeVisible();
  return new URL(page.url()).searchParams.get("vehicle")!;
};

test("a point posted over OsmAnd moves its marker on the open map within 2 s, without a reload", async ({ page, request }) => {
  const vehicleId = await openVehicle(page);
  await expect(page.getByTestId("map-status")).toContainText("Live ·");
  // The selected vehicle is the map's one DOM marker (the others are drawn on a canvas): what the user sees move.
  const marker = page.locator(`.leaflet-marker-icon[data-marker-key="${vehicleId}"]`);
  await expect(marker).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const before = await marker.boundingBox();
  const [latitude, longitude] = (await page.getByTestId("panel-position").textContent())!.split(",").map(Number);
  const moved = { latitude: (latitude + 0.002).toFixed(5), longitude: (longitude - 0.002).toFixed(5) };
  // Stamped a little ahead, so the simulator's next points for this vehicle do not overtake it meanwhile.
  const timestamp = Math.floor(Date.now() / 1000) + 30;
  const response = await request.post(`/ingest/osmand?id=demo-live-3&lat=${moved.latitude}&lon=${moved.longitude}&timestamp=${timestamp}`);
  expect(response.status()).toBe(200);

  await expect(page.getByTestId("panel-position")).toHaveText(`${moved.latitude}, ${moved.longitude}`, { timeout: 2_000 });
  await expect.poll(async () => JSON.stringify(await marker.boundingBox()), { timeout: 2_000 }).not.toBe(JSON.stringify(before));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("Share live location makes a public link that shows the vehicle, and nothing else, without signing in", async ({ page, browser }) => {
  await openVehicle(page);
  await page.getByRole("button", { name: "Share live location" }).click();
  const link = page.getByLabel("Live location link");
  await expect(link).toHaveValue(/\/share\//);
  await screenshot(page, "map-share-live-location");
  const url = new URL(await link.inputValue());

  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shared = await stranger.newPage();
  await shared.goto(url.pathname);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText(/Live location/);
  await expect(shared.getByTestId("share-status")).toContainText("DEMO-003");
  await expect(shared.locator("meta[name=robots]")).toHaveAttribute("content", /noindex/);
  await expect(shared.getByRole("link", { name: /Sign out|Live map/ })).toHaveCount(0);
  // The map, with the vehicle's one marker drawn on it.
  await expect(shared.locator(".leaflet-container path.leaflet-interactive")).toHaveCount(1);
  await screenshot(shared, "share-page");
  await stranger.close();
});
