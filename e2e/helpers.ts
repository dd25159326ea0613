import { existsSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

export type DemoUser = { email: string; password: string };

export const DEMO_ADMIN = { email: "admin@demo.test", password: "demo-password-1" };
export const DEMO_MANAGER = { email: "manager@demo.test", password: "demo-password-1" };
export const DEMO_DISPATCHER = { email: "dispatcher@demo.test", password: "demo-password-1" };
export const OTHER_ADMIN = { email: "admin@other.test", password: "other-password-1" };
export const DEMO_USERS = [DEMO_ADMIN, DEMO_MANAGER, DEMO_DISPATCHER, OTHER_ADMIN];

export { E2E_FLEET_SIZE } from "./server-env.mjs";

/** Where e2e/global-setup.ts keeps each user's signed-in browser state. */
export const authStatePath = (user: DemoUser) => `e2e/.auth/${user.email}.json`;

/** Signs in through the form, as a person does. */
export const signInThroughForm = async (page: Page, { email, password }: DemoUser) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/map");
};

/**
 * Opens `path` (the live map unless given) signed in as `user` with the session the global setup made
 * through the form. Sign-in is throttled per account and per address, so a suite that signed in for
 * every test would lock itself out.
 */
export const signIn = async (page: Page, user: DemoUser, path = "/map") => {
  const state = authStatePath(user);
  if (!existsSync(state)) {
    await signInThroughForm(page, user);
    if (path !== "/map") await page.goto(path);
    return;
  }
  const { cookies } = JSON.parse(readFileSync(state, "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
  await page.goto(path);
  if (new URL(page.url()).pathname === "/login") throw new Error(`The stored session of ${user.email} was refused`);
};

/**
 * Saves a screenshot under e2e/screenshots/ for people to look at (the whole page unless `fullPage: false`).
 * Not in CI (CI=true): nobody looks at them there, and a hundred of them cost the run half a minute.
 */
export const screenshot = async (page: Page, name: string, { fullPage = true } = {}) => {
  if (process.env.CI) return;
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
};
