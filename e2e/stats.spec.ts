import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import type { VehicleOption } from "../lib/dashboard/data/types";
import { DEMO_DISPATCHER, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_DISPATCHER);

test("stats charts all five series and exports what is shown as CSV", async ({ page }) => {
  const { vehicles } = (await (await page.request.get("/api/dashboard/vehicles")).json()) as { vehicles: VehicleOption[] };
  const vehicle = vehicles[0];
  // The last 6 hours, not "today": just after midnight today holds one sample or none of a parked vehicle (one every
  // 15 minutes), too few for a line or a CSV row.
  const to = new Date();
  const from = new Date(to.getTime() - 6 * 3600_000);
  await page.goto(`/stats?vehicle=${vehicle.id}&from=${from.toISOString()}&to=${to.toISOString()}`);
  for (const name of ["fuelPercent", "engineRpm", "odometerMeters", "engineSeconds", "speed"]) {
    // A flat series draws a zero-height path, which Playwright calls hidden: check the path is drawn.
    await expect(page.getByTestId(`chart-${name}`).locator(".recharts-line-curve")).toHaveAttribute("d", /^M[\d.]+,[\d.]+[LC]/);
    // Every value label whole: a too-narrow axis clipped the leading digits (a 187,789 km odometer read 87,789).
    const chart = await page.getByTestId(`chart-${name}`).locator("svg.recharts-surface").boundingBox();
    const labels = await page.getByTestId(`chart-${name}`).locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").all();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) {
      expect((await label.boundingBox())!.x).toBeGreaterThanOrEqual(chart!.x);
    }
  }
  await screenshot(page, "stats");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${vehicle.name}-stats-.*\\.csv$`));
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(lines[0]).toBe("time (America/Chicago),Fuel level (%),Engine RPM (rpm),Odometer (mi),Engine hours (h),Speed (mph)");
  expect(lines.length).toBeGreaterThan(1);
  // The company's clock, with its offset: readable as local time, exact as an instant.
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00,/);

  // A preset writes its range into the URL (replacing the one above), so a reload or a shared link shows the same.
  await page.getByRole("button", { name: "Today" }).click();
  await expect(page).toHaveURL(/[?&]range=today(&|$)/);
  const params = new URL(page.url()).searchParams;
  expect(Date.parse(params.get("to") ?? "")).toBeGreaterThan(to.getTime());
  expect(Date.parse(params.get("from") ?? "")).toBeLessThanOrEqual(Date.parse(params.get("to") ?? ""));
});
