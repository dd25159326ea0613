import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_DISPATCHER, DEMO_MANAGER, screenshot, signIn } from "./helpers";

test("the HOS board lists every driver with four clock bars, least drive time left first", async ({ page }) => {
  await signIn(page, DEMO_DISPATCHER, "/hos");
  const rows = page.getByRole("main").getByTestId("hos-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  await expect(rows.first().locator(".clock-bar")).toHaveCount(4);
  const driveMs = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-drive-ms"))));
  expect(driveMs).toEqual([...driveMs].sort((a, b) => a - b));
  await screenshot(page, "hos-board");
  await page.getByRole("link", { name: /^Cycle/ }).click();
  await expect(page).toHaveURL(/sort=cycle/);
  await expect(page.getByRole("columnheader", { name: /^Cycle/ })).toHaveAttribute("aria-sort", "ascending");
  // The "out of time" card counts the rows whose drive, shift or cycle clock is red.
  const redRows = await page
    .getByRole("main")
    .getByTestId("hos-row")
    .evaluateAll(
      (trs) => trs.filter((tr) => [0, 1, 3].some((index) => tr.querySelectorAll(".clock-bar")[index]?.classList.contains("clock-exhausted"))).length,
    );
  await expect(page.getByTestId("out-of-time-count")).toHaveText(String(redRows));
});

test("a driver's page draws the ELD log graph with totals, the recap and a day picker", async ({ page }) => {
  await signIn(page, DEMO_MANAGER, "/hos");
  await page.getByRole("main").getByTestId("hos-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/hos\/\d+/);
  const graph = page.getByRole("main").getByTestId("eld-log-graph");
  await expect(graph).toBeVisible();
  await expect(graph.getByTestId("eld-line")).toHaveCount(1);
  const points = await graph.getByTestId("eld-line").getAttribute("points");
  expect(points!.split(" ").length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("main").getByTestId("daily-recap")).toContainText("Cycle used");
  const days = page.getByRole("navigation", { name: "Days" }).getByRole("link");
  expect(await days.count()).toBeGreaterThanOrEqual(2);
  await screenshot(page, "hos-driver");
  await days.first().click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole("main").getByTestId("eld-log-graph")).toBeVisible();
});

test("the fleet violations page lists violations with counts by type and filters by type", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/hos/violations");
  // Scoped to main: while the page streams in, React briefly holds a hidden copy outside it.
  const table = page.getByRole("main").getByTestId("violations-table");
  await expect(table).toBeVisible();
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(0);
  await screenshot(page, "hos-violations");
  const counts = await Promise.all(
    ["shiftDrivingHours", "shiftHours", "restbreakMissed", "cycleHoursOn"].map(async (type) => ({
      type,
      n: Number(await page.getByRole("main").getByTestId(`violation-count-${type}`).locator(".stat-value").textContent()),
    })),
  );
  const some = counts.find((c) => c.n > 0)!;
  await page.getByRole("main").getByTestId(`violation-count-${some.type}`).click();
  await expect(page).toHaveURL(new RegExp(`type=${some.type}`));
  await expect(page.getByRole("main").getByTestId("violations-table").locator("tbody tr")).toHaveCount(some.n);
});
