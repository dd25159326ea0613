import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import type { VehicleOption } from "../lib/dashboard/data/types";
import { DEMO_MANAGER, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_MANAGER);

/** Yesterday's date in the demo company's zone. */
const yesterday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() - 86_400_000));

/** A CSV line's cells (the report's cells hold no quotes or line breaks but addresses' commas). */
const cells = (line: string) =>
  [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((match) => match[1].replace(/^"|"$/g, "").replaceAll('""', '"')).slice(0, -1);

test("yesterday's simulated trips appear in the Reports page, and its CSV holds the same rows", async ({ page }) => {
  test.setTimeout(240_000);
  const day = yesterday();
  // Five vehicles: a report of the whole fleet's day runs past the 1,000 rows the page shows (the CSV holds all).
  const { vehicles } = (await (await page.request.get("/api/dashboard/vehicles")).json()) as { vehicles: VehicleOption[] };
  const chosen = vehicles
    .slice(0, 5)
    .map((vehicle) => `&vehicleIds=${vehicle.id}`)
    .join("");
  const url = `/reports?kind=trips&from=${day}&to=${day}${chosen}`;
  // The trip processor works through the simulator's backfilled days after start: wait for yesterday's trips.
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return page.getByTestId("report-row").count();
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const shown = await page
    .getByTestId("report-row")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")));
  await screenshot(page, "reports-trips");

  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`trips-${day}-${day}.csv`);
  const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Vehicle,Driver,Start,End,From,To,Distance \((mi|km)\)/);
  expect(lines.at(-1)).toMatch(/^Total,/);
  const rows = lines.slice(1, -1).map(cells);
  expect(rows).toHaveLength(shown.length);
  // Same vehicles, drivers and places, row by row; the start is the same instant (the CSV with its offset).
  rows.forEach((row, index) => {
    expect([row[0], row[1] || "—", row[4], row[5]]).toEqual([shown[index][0], shown[index][1], shown[index][4], shown[index][5]]);
    expect(row[2]).toMatch(new RegExp(`^${day}T|^\\d{4}-\\d{2}-\\d{2}T`));
    // A trip's ends are a place, a street or a town, never raw coordinates.
    expect([row[4], row[5]].filter((place) => /^-?\d+\.\d+, -?\d+\.\d+$/.test(place))).toEqual([]);
  });
  await expect(page.getByTestId("report-totals")).toContainText(`Total (${shown.length.toLocaleString("en-US")} row${shown.length === 1 ? "" : "s"})`);

  // On a phone each trip is a card of labelled values, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId("report-row").first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("block");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "reports-trips-phone");
  // One vehicle alone: its own count, in the singular for a single trip.
  await page.goto(`/reports?kind=trips&from=${day}&to=${day}&vehicleIds=${vehicles[0].id}`);
  const count = await page.getByTestId("report-row").count();
  await expect(page.getByTestId("report-totals")).toContainText(`Total (${count} row${count === 1 ? "" : "s"})`);
});

test("a manager schedules the report shown by e-mail, sees it listed, and deletes it", async ({ page }) => {
  const to = `ops.${Date.now()}@example.test, owner@example.test`;
  await page.goto("/reports?kind=idling");
  const form = page.getByRole("form", { name: "Schedule this report" });
  await form.getByLabel("Every").selectOption("weekly");
  await form.getByLabel(/^To/).fill("not-an-address");
  await form.getByRole("button", { name: "Schedule this report" }).click();
  await expect(page.getByRole("status")).toContainText("recipients.0");
  await form.getByLabel(/^To/).fill(to);
  await form.getByRole("button", { name: "Schedule this report" }).click();
  await expect(page.getByRole("status")).toHaveText("Report scheduled.");
  const row = page.getByTestId("report-schedules").getByRole("row", { name: new RegExp(to.replaceAll(".", "\\.")) });
  await expect(row).toContainText("Idling");
  await expect(row).toContainText("Week");
  await screenshot(page, "reports-schedules");
  await row.getByRole("button", { name: /Delete schedule/ }).click();
  await expect(page.getByRole("status")).toHaveText("Schedule deleted.");
  await expect(page.getByText(to)).toHaveCount(0);
});
