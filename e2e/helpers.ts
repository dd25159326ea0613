import type { Page } from "@playwright/test";

export const DEMO_ADMIN = { email: "admin@demo.test", password: "demo-password-1" };
export const DEMO_MANAGER = { email: "manager@demo.test", password: "demo-password-1" };
export const DEMO_DISPATCHER = { email: "dispatcher@demo.test", password: "demo-password-1" };
export const OTHER_ADMIN = { email: "admin@other.test", password: "other-password-1" };

export const signIn = async (page: Page, { email, password }: { email: string; password: string }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/map");
};

/** Saves a screenshot under e2e/screenshots/ for people to look at. */
export const screenshot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
