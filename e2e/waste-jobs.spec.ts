import { expect, test, type APIRequestContext } from "@playwright/test";
import { authStatePath, DEMO_ADMIN, DEMO_DISPATCHER, DEMO_MANAGER, OTHER_ADMIN, screenshot, signIn } from "./helpers";

const legacyCount = async (request: APIRequestContext, query: string) => {
  const auth = await request.get("/api/v1/auth", { headers: { "X-Client-Key": "demo-client-key" } });
  expect(auth.ok()).toBe(true);
  const { token } = (await auth.json()) as { token: string };
  const response = await request.get(`/api/v1/wastejob?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { count: number }).count;
};

test("waste jobs filter by status and page on the server, with counts that match the legacy interface", async ({ page, request }) => {
  await signIn(page, DEMO_DISPATCHER);
  const main = page.getByRole("main");
  const countOf = async (status: string) =>
    Number((await main.getByTestId(`status-count-${status}`).locator(".stat-value").textContent())!.replaceAll(",", ""));
  // The simulator moves jobs along while the test runs: compare page and legacy counts read back to back, until a quiet moment.
  // `from=` (blank) asks for every day: the page alone opens on today's and upcoming jobs.
  await expect(async () => {
    await page.goto("/waste-jobs?from=");
    await expect(main.getByTestId("waste-jobs-table")).toBeVisible();
    for (const status of ["Scheduled", "InProgress", "Completed"]) expect(await countOf(status)).toBe(await legacyCount(request, `status=${status}`));
    await expect(main.getByTestId("pager-range")).toContainText(`of ${(await legacyCount(request, "")).toLocaleString("en-US")}`, { timeout: 1 });
  }).toPass({ timeout: 30_000 });
  await screenshot(page, "waste-jobs");

  await page.getByRole("combobox", { name: "Status" }).selectOption("Completed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=Completed/);
  let completed = 0;
  await expect(async () => {
    completed = await legacyCount(request, "status=Completed");
    await page.reload();
    await expect(main.getByTestId("pager-range")).toContainText(`of ${completed.toLocaleString("en-US")}`, { timeout: 1 });
  }).toPass({ timeout: 30_000 });
  const rows = main.getByTestId("waste-jobs-table").locator("tbody tr");
  await expect(rows.first().locator(".badge")).toHaveText("Completed");
  if (completed > 50) {
    const firstPageFirstJob = await rows.first().locator("td").first().textContent();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/offset=50/);
    await expect(main.getByTestId("pager-range")).toContainText(`51–${Math.min(100, completed)} of`);
    expect(await rows.first().locator("td").first().textContent()).not.toBe(firstPageFirstJob);
  }
  await screenshot(page, "waste-jobs-completed-page-2");
});

test("a job's detail shows its vehicle's latest position on a map that needs no tiles", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/waste-jobs");
  await page.getByRole("main").getByTestId("waste-jobs-table").locator("tbody tr").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/waste-jobs\/\d+/);
  await expect(page.getByRole("main").getByTestId("job-map")).toBeVisible();
  await screenshot(page, "waste-job-detail");
});

test("the CSV export follows the filters and is refused to a manager", async ({ page, playwright, baseURL }) => {
  await signIn(page, DEMO_DISPATCHER);
  const csv = await page.request.get("/waste-jobs/export?status=Completed");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toContain("jobId,scheduledDate,serviceType,status");
  expect(lines.slice(1).every((line) => line.split(",")[3] === "Completed")).toBe(true);
  const asManager = await playwright.request.newContext({ baseURL, storageState: authStatePath(DEMO_MANAGER) });
  expect((await asManager.get("/waste-jobs/export")).status()).toBe(403);
  await asManager.dispose();
  await signIn(page, DEMO_MANAGER, "/waste-jobs");
  await expect(page).toHaveURL(/\/forbidden/);
});

test("a company without the Waste module gets an explanation", async ({ page }) => {
  await signIn(page, OTHER_ADMIN, "/waste-jobs");
  await expect(page.getByRole("main").getByTestId("waste-module-missing")).toContainText("does not have the Waste module");
  await screenshot(page, "waste-jobs-no-module");
});
