import { expect, test } from "@playwright/test";
import { DEMO_MANAGER, screenshot, signIn } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("a manager sets a driver's PIN; the driver signs in on a phone, goes on duty with a remark and certifies the day", async ({ browser, page }) => {
  const username = `e2e.logbook.${Date.now()}`;
  await signIn(page, DEMO_MANAGER);
  await page.goto("/drivers/new");
  await page.getByLabel("Name", { exact: true }).fill("Lena Logbook");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Home terminal time zone").fill("America/Chicago");
  await page.getByRole("button", { name: "Create driver" }).click();
  await expect(page).toHaveURL(/\/drivers\?saved=\d+/);
  const driverId = new URL(page.url()).searchParams.get("saved");
  await page.goto(`/drivers/${driverId}/edit`);
  await page.getByLabel("New password or PIN").fill("12ab");
  await page.getByRole("button", { name: "Set password or PIN" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "secret" })).toContainText("a PIN of 4 to 12 digits");
  await page.getByLabel("New password or PIN").fill("482915");
  await page.getByRole("button", { name: "Set password or PIN" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // The driver, on their own phone: a manager's session is not a driver's.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const driver = await phone.newPage();
  await driver.goto("/logbook");
  await expect(driver).toHaveURL(/\/logbook\/login/);
  await driver.getByLabel("Username").fill(username);
  await driver.getByLabel("Password or PIN").fill("000000");
  await driver.getByRole("button", { name: "Sign in" }).click();
  await expect(driver.getByRole("alert").filter({ hasText: "Wrong" })).toHaveText("Wrong username, password or PIN.");
  await driver.getByLabel("Password or PIN").fill("482915");
  await driver.getByRole("button", { name: "Sign in" }).click();
  await expect(driver).toHaveURL(/\/logbook$/);
  await expect(driver.getByRole("heading", { level: 1 })).toHaveText("Logbook");

  await driver.getByLabel("Remark (optional)").fill("Pre-trip inspection");
  await driver.getByRole("button", { name: "On Duty", exact: true }).click();
  await expect(driver.getByTestId("current-status")).toContainText("On Duty");
  await expect(driver.getByTestId("log-entries")).toContainText("Pre-trip inspection");

  // The dashboard stays closed to a driver's session.
  await driver.goto("/hos");
  await expect(driver).toHaveURL(/\/login/);
  await driver.goto("/logbook");

  await driver.getByRole("button", { name: "Certify today" }).click();
  await expect(driver.getByRole("checkbox", { name: /I certify these entries are true and correct/ })).toBeFocused();
  await driver.getByRole("checkbox", { name: /I certify these entries are true and correct/ }).check();
  await driver.getByRole("button", { name: "Certify today" }).click();
  await expect(driver.getByTestId("certified")).toHaveText("You certified today.");
  await screenshot(driver, "logbook-phone");
  await phone.close();
});
