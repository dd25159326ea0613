import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import type { VehicleOption } from "../lib/dashboard/data/types";
import { DEMO_MANAGER, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_MANAGER);

/** Yesterday's date in the demo company's zone. */
const yesterday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() - 86_400_000));

/** A CSV line's cells (the report's cells hold no quotes or line breaks but addresses' commas). */
const cells = (line: string) =>
  [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((match) => match[1].replace(/^"|"$/g, "").replaceAll('""', '"')).slice(0, -1);

/**
 * Opens a report and waits for it: the page streams it in after its loading placeholder (main's busy
 * section), first into a hidden element, so what is read before that is gone may be read twice.
 */
const openReport = async (page: Page, url: string) => {
  await page.goto(url);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('body > [hidden][id^="S:"]')).toHaveCount(0);
};

/** The table's rows as their cells' text. */
const tableRows = (page: Page) =>
  page.getByTestId("report-row").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")));

/** The CSV export's rows (header and totals row left out), downloaded through the page's link. */
const exportedRows = async (page: Page) => {
  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloadPromise;
  const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Vehicle,Driver,Start,End,From,To,Distance \((mi|km)\)/);
  expect(lines.at(-1)).toMatch(/^Total,/);
  return { filename: download.suggestedFilename(), rows: lines.slice(1, -1).map(cells) };
};

/** A CSV row and a table row hold the same trip: vehicle, driver and places (the CSV's times carry their offset). */
const expectSameTrips = (exported: string[][], shown: string[][]) => {
  expect(exported).toHaveLength(shown.length);
  exported.forEach((row, index) =>
    expect([row[0], row[1] || "—", row[4], row[5]]).toEqual([shown[index][0], shown[index][1], shown[index][4], shown[index][5]]),
  );
};

test("yesterday's simulated trips appear in the Reports page, and its CSV holds the same rows", async ({ page }) => {
  test.setTimeout(240_000);
  const day = yesterday();
  // Five vehicles: a report of some pages (100 rows each); the CSV holds them all, in the same order.
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
        await openReport(page, url);
        return page.getByTestId("report-row").count();
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await screenshot(page, "reports-trips");
  // Every page in turn, through the Next link while it leads somewhere.
  const shown = await tableRows(page);
  const next = page.getByRole("navigation", { name: "Report pages" }).getByRole("link", { name: "Next" });
  while ((await next.count()) > 0 && (await next.getAttribute("aria-disabled")) === "false") {
    const before = await page.getByTestId("pager-range").textContent();
    await next.click();
    await expect(page.getByTestId("pager-range")).not.toHaveText(before ?? "");
    shown.push(...(await tableRows(page)));
  }

  const { filename, rows } = await exportedRows(page);
  expect(filename).toBe(`trips-${day}-${day}.csv`);
  expectSameTrips(rows, shown);
  rows.forEach((row) => {
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
  await openReport(page, `/reports?kind=trips&from=${day}&to=${day}&vehicleIds=${vehicles[0].id}`);
  const count = await page.getByTestId("report-row").count();
  await expect(page.getByTestId("report-totals")).toContainText(`Total (${count} row${count === 1 ? "" : "s"})`);
});

test("a long report shows 100 rows a page: Next and Previous are links that keep the report, the exports hold every row", async ({ page }) => {
  test.setTimeout(120_000);
  const day = yesterday();
  // The whole fleet's day (about a thousand trips; yesterday, so no trip ends while the test reads it).
  const url = `/reports?kind=trips&from=${day}&to=${day}`;
  // Two pages at least, and the same count twice in a row (the trip processor done with the day).
  let lastTotals: string | null = null;
  await expect
    .poll(
      async () => {
        await openReport(page, url);
        const totals = await page.getByTestId("report-totals").textContent();
        const settled = totals === lastTotals && /Total \(([2-9]\d\d|\d{1,3},\d{3}) rows\)/.test(totals ?? "");
        lastTotals = totals;
        return settled;
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe(true);
  const pages = page.getByRole("navigation", { name: "Report pages" });
  const total = ((await page.getByTestId("report-totals").textContent()) ?? "").replace(/^Total \(([\d,]+) rows\).*$/s, "$1");
  await expect(page.getByTestId("report-row")).toHaveCount(100);
  await expect(pages.getByTestId("pager-range")).toHaveText(`Rows 1–100 of ${total}`);
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");
  const first = await tableRows(page);

  // The keyboard's way: Next is a link in the tab order; the page lands on the report's heading.
  await pages.getByRole("link", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]page=2(&|#|$)/);
  await expect(pages.getByTestId("pager-range")).toHaveText(`Rows 101–200 of ${total}`);
  await expect(page.getByTestId("report-row")).toHaveCount(100);
  const second = await tableRows(page);
  await expect(page.getByTestId("report-totals")).toContainText(`Total (${total} rows)`);
  await screenshot(page, "reports-page-2");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pages).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "reports-page-2-phone");
  await page.setViewportSize({ width: 1400, height: 900 });

  // The exports name the report, never the page: every row, the shown pages among them in order.
  for (const format of ["csv", "xlsx"]) {
    await expect(page.getByTestId(`export-${format}`)).toHaveAttribute("href", /^\/reports\/export\?kind=trips&from=[\d-]+&to=[\d-]+&format=/);
  }
  const { rows } = await exportedRows(page);
  expect(rows.length.toLocaleString("en-US")).toBe(total);
  expectSameTrips(rows.slice(0, 200), [...first, ...second]);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages.getByTestId("pager-range")).toHaveText(`Rows 1–100 of ${total}`);
  // A new report (the form) starts at its first page.
  await openReport(page, `${url}&page=2`);
  await page.getByRole("button", { name: "Run report" }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(pages.getByTestId("pager-range")).toHaveText(`Rows 1–100 of ${total}`);
  // A page past the end is the last page; a page that is no number is refused as any bad choice is.
  await openReport(page, `${url}&page=999`);
  await expect(pages.getByTestId("pager-range")).toHaveText(new RegExp(`^Rows [\\d,]+01–${total} of ${total}$`));
  await expect(pages.getByRole("link", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  await openReport(page, `${url}&page=0`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText('"page"');
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
