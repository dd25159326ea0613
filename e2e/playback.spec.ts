import { expect } from "@playwright/test";
import { summarizeTrip } from "../lib/dashboard/view/trip-summary";
import { formatDistance } from "../lib/platform/units";
import type { LocationHistory, VehicleOption } from "../lib/dashboard/data/types";
import { DEMO_MANAGER, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_MANAGER);

test("playback draws the route, plays, changes speed, and its summary matches the history data", async ({ page }) => {
  const { vehicles } = (await (await page.request.get("/api/dashboard/vehicles")).json()) as { vehicles: VehicleOption[] };
  const vehicle = vehicles[0];
  const to = new Date();
  const from = new Date(to.getTime() - 6 * 3600_000);
  await page.goto(`/playback?vehicle=${vehicle.id}&from=${from.toISOString()}&to=${to.toISOString()}`);
  await expect(page.getByLabel("Vehicle", { exact: true })).toHaveValue(vehicle.id);
  const stage = page.getByTestId("playback-stage");
  await expect(stage).toBeVisible();
  // A parked vehicle draws a zero-size line, which Playwright calls hidden: check the path exists.
  await expect(stage.locator("path.leaflet-interactive").first()).toHaveAttribute("d", /^M/);

  // The summary is the one pure function over the same history the route serves.
  const history = (await (
    await page.request.get(`/api/dashboard/vehicles/${vehicle.id}/locations?from=${from.toISOString()}&to=${to.toISOString()}`)
  ).json()) as LocationHistory;
  expect(history.points.length).toBeGreaterThan(1);
  const shownPoints = Number(await stage.getAttribute("data-points"));
  const expected = summarizeTrip(history.points);
  // The simulator keeps writing: the page's copy may be a point or two behind the one fetched here.
  expect(Math.abs(shownPoints - history.points.length)).toBeLessThanOrEqual(3);
  if (shownPoints === history.points.length) {
    await expect(page.getByTestId("summary-distance")).toHaveText(formatDistance(expected.distanceMeters, "mi"));
    await expect(page.getByTestId("summary-stops")).toHaveText(String(expected.stops.length));
  } else {
    await expect(page.getByTestId("summary-distance")).toHaveText(/ mi$/);
  }

  // Play at 20x: the playhead moves; pause stops it.
  await page.getByLabel("Playback speed").selectOption("20");
  const before = await page.getByLabel("Playhead").inputValue();
  // The map shows the whole route until the replay starts; then it follows the vehicle.
  await expect(page.getByLabel("Follow vehicle")).not.toBeChecked();
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByLabel("Follow vehicle")).toBeChecked();
  // The config's expect timeout, not 5 s: on a loaded machine the first animation frames can come late.
  await expect(async () => expect(await page.getByLabel("Playhead").inputValue()).not.toBe(before)).toPass({ timeout: 15_000 });
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await page.getByLabel("Playhead").inputValue();
  await page.waitForTimeout(600);
  expect(await page.getByLabel("Playhead").inputValue()).toBe(paused);
  await expect(page.getByTestId("speed-chart").locator(".recharts-reference-line")).toHaveCount(1);
  await screenshot(page, "playback");

  // Presets rewrite the URL so a reload keeps the range.
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/range=last7/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");

  // The week's detected trips are listed; choosing one puts the playhead at its start.
  const trips = page.getByTestId("playback-trips").getByRole("button");
  await expect(trips.first()).toBeVisible({ timeout: 60_000 });
  const target = trips.nth(Math.min(2, (await trips.count()) - 1));
  await target.click();
  await expect(target).toHaveAttribute("aria-current", "true");
  await screenshot(page, "playback-trips");
});

test("playback opens on a vehicle that moved recently, and explains a bad range", async ({ page }) => {
  await page.goto("/playback");
  await expect(page).toHaveURL(/[?&]vehicle=\d+/);
  await expect(page.getByTestId("playback-stage")).toBeVisible();
  await page.goto("/playback?vehicle=1&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z");
  await expect(page.getByText("A range can span at most 35 days.")).toBeVisible();
  await screenshot(page, "playback-bad-range");
});
