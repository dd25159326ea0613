import { expect, test } from "@playwright/test";
import { DEMO_DISPATCHER, screenshot, signIn } from "./helpers";

test("the API reference lists the four interfaces and documents the locations feed with its parameters on a page of its own", async ({ page }) => {
  await signIn(page, DEMO_DISPATCHER);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  const toc = page.getByRole("navigation", { name: "API reference contents" });
  await expect(toc.getByTestId("toc-group")).toHaveText(["Public fleet interface", "Legacy interface", "Admin interface", "Device ingestion"]);
  // The index lists the operations and documents none of them.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([
    "Overview",
    "Public fleet interface",
    "Legacy interface",
    "Admin interface",
    "Device ingestion",
  ]);
  await expect(main.getByTestId("operation")).toHaveCount(0);

  const download = page.getByRole("link", { name: "Download openapi.json" });
  await expect(download).toHaveAttribute("href", "/openapi.json");
  const document = (await (await page.request.get("/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/fleet/vehicles/locations/feed", "/api/v2/api-keys", "/ingest/batch"]));
  await screenshot(page, "api-reference", { fullPage: false });

  await main
    .getByRole("region", { name: "Public fleet interface" })
    .getByRole("link", { name: /^GET\s*\/fleet\/vehicles\/locations\/feed\s*Change feed of locations$/ })
    .click();
  await expect(page).toHaveURL(/\/api-reference\/get-fleet-vehicles-locations-feed$/);
  await expect(page).toHaveTitle(/^Change feed of locations · API reference/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change feed of locations");
  const feed = page.getByTestId("operation");
  await expect(feed.locator("header")).toContainText("GET");
  await expect(feed.locator("header")).toContainText(`${new URL(page.url()).origin}/fleet/vehicles/locations/feed`);
  await expect(feed).toContainText("vehicles:read");
  for (const name of ["after", "limit"]) await expect(feed.locator(`[data-testid="parameter"][data-name="${name}"]`)).toBeVisible();
  await expect(feed.locator('[data-testid="parameter"][data-name="limit"]')).toContainText("integer");
  await expect(feed.getByRole("list", { name: "Error statuses" })).toContainText("429");
  await expect(page.getByRole("article").getByRole("link", { name: "Public fleet interface" })).toHaveAttribute(
    "href",
    "/api-reference#public-fleet-interface",
  );
  await expect(toc.locator('[aria-current="page"]')).toHaveAttribute("href", "/api-reference/get-fleet-vehicles-locations-feed");
  await screenshot(page, "api-reference-operation", { fullPage: false });

  const pager = page.getByRole("navigation", { name: "Previous and next operations" });
  await pager.getByRole("link", { name: /^Next/ }).click();
  await expect(page).toHaveURL(/\/api-reference\/get-fleet-vehicles-locations-history$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Location history, bucketed");
  await expect(pager.getByRole("link", { name: /^Previous/ })).toHaveAttribute("href", "/api-reference/get-fleet-vehicles-locations-feed");

  const unknown = await page.goto("/api-reference/get-fleet-no-such-thing");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(page.getByText("This page could not be found.")).toBeVisible();
});
