import { expect, test } from "@playwright/test";
import { DEMO_DISPATCHER, screenshot, signIn } from "./helpers";

test("the API reference lists the four interfaces and documents the locations feed with its parameters", async ({ page }) => {
  await signIn(page, DEMO_DISPATCHER);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  const toc = page.getByRole("navigation", { name: "API reference contents" });
  await expect(toc.getByTestId("toc-group")).toHaveText(["Public fleet interface", "Legacy interface", "Admin interface", "Device ingestion"]);

  const feed = page.locator("#get-fleet-vehicles-locations-feed");
  await toc.locator('a[href="#get-fleet-vehicles-locations-feed"]').click();
  await expect(page).toHaveURL(/#get-fleet-vehicles-locations-feed$/);
  await expect(feed.locator("header")).toContainText("GET");
  await expect(feed.locator("header")).toContainText("/fleet/vehicles/locations/feed");
  await expect(feed).toContainText("vehicles:read");
  for (const name of ["after", "limit"]) await expect(feed.locator(`[data-testid="parameter"][data-name="${name}"]`)).toBeVisible();
  await expect(feed.locator('[data-testid="parameter"][data-name="limit"]')).toContainText("integer");
  await expect(feed.getByRole("list", { name: "Error statuses" })).toContainText("429");

  const download = page.getByRole("link", { name: "Download openapi.json" });
  await expect(download).toHaveAttribute("href", "/openapi.json");
  const document = (await (await page.request.get("/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/fleet/vehicles/locations/feed", "/api/v2/api-keys", "/ingest/batch"]));

  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "api-reference", { fullPage: false });
});
