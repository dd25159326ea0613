import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_DISPATCHER, screenshot, signIn, signInThroughForm } from "./helpers";

test("a wrong password is refused with a message on the sign-in page", async ({ page }) => {
  await page.goto("/map");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".form-error")).toHaveText("Wrong email or password.");
  await screenshot(page, "sign-in-wrong-password");
});

test("the demo admin signs in and sees the shell with company, user and every section", async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await expect(page.getByTestId("company-name")).toHaveText("Demo Fleet");
  await expect(page.getByTestId("user-name")).toHaveText("Demo Fleet Admin");
  const nav = page.getByRole("navigation", { name: "Sections" });
  for (const label of ["Live map", "Playback", "Stats", "HOS", "Waste jobs", "Drivers", "API keys"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await screenshot(page, "shell-admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("a dispatcher has no API keys section and cannot open it by URL", async ({ page }) => {
  await signIn(page, DEMO_DISPATCHER);
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API keys" })).toHaveCount(0);
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/forbidden/);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});
