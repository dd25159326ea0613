import { expect, test } from "@playwright/test";
import { DEMO_DISPATCHER, DEMO_MANAGER, screenshot, signIn } from "./helpers";

test("a manager creates a driver, a bad value is rejected inline, then the edit is saved", async ({ page }) => {
  const username = `e2e.${Date.now()}`;
  await signIn(page, DEMO_MANAGER, "/drivers");
  await page.getByRole("link", { name: "New driver" }).click();
  await expect(page).toHaveURL(/\/drivers\/new/);
  await page.getByLabel("Name", { exact: true }).fill("Erin Example");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Phone").fill("+1 312 555 0199");
  await page.getByRole("button", { name: "Create driver" }).click();
  // A new driver opens on its own page, at the logbook sign-in; the list finds it.
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit/);
  await page.goto("/drivers");

  await page.getByRole("searchbox").fill(username);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("main").getByTestId(`driver-row-${username}`);
  await expect(row).toContainText("Erin Example");
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit/);

  await page.getByLabel("Home terminal time zone").fill("Mars/Olympus_Mons");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#driver-timezone-error")).toHaveText("an IANA time zone such as America/Chicago");
  await expect(page.getByLabel("Home terminal time zone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Home terminal time zone")).toHaveValue("Mars/Olympus_Mons");
  await screenshot(page, "driver-edit-rejected");

  await page.getByLabel("Home terminal time zone").fill("America/Denver");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/drivers\?saved=\d+/);
  await page.goto(`/drivers?q=${username}`);
  await expect(page.getByRole("main").getByTestId(`driver-row-${username}`)).toContainText("America/Denver");
  await screenshot(page, "drivers-list");
});

test("a dispatcher reads drivers but is denied the editor, by link or by URL", async ({ page }) => {
  await signIn(page, DEMO_DISPATCHER, "/drivers");
  await expect(page.getByRole("main").getByTestId("drivers-table")).toBeVisible();
  await expect(page.getByRole("link", { name: "New driver" })).toHaveCount(0);
  await expect(page.getByRole("main").getByTestId("drivers-table").getByRole("link", { name: "Edit" })).toHaveCount(0);
  await page.goto("/drivers/new");
  await expect(page).toHaveURL(/\/forbidden/);
  await page.goto("/drivers/1/edit");
  await expect(page).toHaveURL(/\/forbidden/);
});
