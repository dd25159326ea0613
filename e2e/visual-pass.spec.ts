import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_DISPATCHER, DEMO_MANAGER, OTHER_ADMIN, signIn, type DemoUser } from "./helpers";

/**
 * The visual pass of docs/ui.md: every page of each role's menu (the role policy's: admin, manager,
 * dispatcher) and the driver's logbook, at 1400×900 and 390×844, saved as
 * e2e/screenshots/visual-<role>-<page>-<size>.png for people to look at. Not a check (the
 * accessibility walk is): it runs only when asked, `VISUAL_PASS=1 npx playwright test e2e/visual-pass.spec.ts --no-deps`;
 * `VISUAL_SIZE=phone` (or desktop) shoots the roles' menus at that size only (the logbook always at both).
 */
test.skip(!process.env.VISUAL_PASS, "screenshots for the visual pass: VISUAL_PASS=1");

const SIZES = [
  { name: "desktop", width: 1400, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const MENU_SIZES = SIZES.filter((size) => !process.env.VISUAL_SIZE || size.name === process.env.VISUAL_SIZE);
const ROLES: { role: string; user: DemoUser }[] = [
  { role: "admin", user: DEMO_ADMIN },
  { role: "manager", user: DEMO_MANAGER },
  { role: "dispatcher", user: DEMO_DISPATCHER },
];

const shoot = async (page: Page, name: string, phone: boolean) => {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: phone });
};

/** The pages a role's menu offers (the role policy's sections), read from the menu itself. */
const menuPaths = async (page: Page) => {
  await page.goto("/map");
  return page.locator("#section-menu a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
};

for (const { role, user } of ROLES) {
  test(`every page of the ${role}'s menu at both sizes`, async ({ page }) => {
    test.setTimeout(1_200_000);
    await signIn(page, user);
    const paths = await menuPaths(page);
    for (const size of MENU_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const path of paths) {
        await page.goto(path);
        await shoot(page, `visual-${role}-${path.slice(1).replaceAll("/", "-")}-${size.name}`, size.name === "phone");
      }
      // The live map with a vehicle selected: its panel, and on a phone the list sheet under it.
      await page.goto("/map");
      await page.locator(".vehicle-row").first().waitFor({ state: "attached" });
      const id = await page.locator(".vehicle-row").first().getAttribute("data-vehicle-id");
      await page.goto(`/map?vehicle=${id}`);
      await expect(page.getByTestId("vehicle-panel")).toBeVisible();
      await shoot(page, `visual-${role}-map-vehicle-${size.name}`, false);
      if (size.name === "phone") {
        await page.getByRole("button", { name: /Show the vehicle list/ }).click();
        await shoot(page, `visual-${role}-map-vehicle-list-open-${size.name}`, false);
      }
    }
  });
}

test("the driver's logbook at both sizes", async ({ browser, page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const username = `visual.logbook.${stamp}`;
  await signIn(page, OTHER_ADMIN, "/drivers/new");
  await page.getByLabel("Name", { exact: true }).fill("Vera Visual");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Home terminal time zone").fill("Europe/Berlin");
  // The PIN is set with the driver; the created driver's own page follows, with the logbook link and its QR code.
  await page.getByLabel("Logbook password or PIN").fill("583920");
  await page.getByRole("button", { name: "Create driver" }).click();
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit\?created=1/);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await shoot(page, `visual-admin-driver-created-${size.name}`, size.name === "phone");
  }
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const driver = await context.newPage();
    await driver.goto("/logbook/login");
    await shoot(driver, `visual-driver-logbook-login-${size.name}`, size.name === "phone");
    await driver.getByLabel("Username").fill(username);
    await driver.getByLabel("Password or PIN").fill("583920");
    await driver.getByRole("button", { name: "Sign in" }).click();
    await expect(driver).toHaveURL(/\/logbook$/);
    await shoot(driver, `visual-driver-logbook-${size.name}`, size.name === "phone");
    await driver.goto("/logbook/inspection");
    await shoot(driver, `visual-driver-logbook-inspection-${size.name}`, size.name === "phone");
    await context.close();
  }
});
