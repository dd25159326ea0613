import { mkdirSync } from "node:fs";
import { chromium, type FullConfig } from "@playwright/test";
import { authStatePath, DEMO_USERS, signInThroughForm } from "./helpers";

/** Signs each demo user in once, through the form, and keeps the session for the specs. */
const globalSetup = async (config: FullConfig) => {
  const { baseURL, launchOptions } = config.projects[0].use;
  mkdirSync("e2e/.auth", { recursive: true });
  const browser = await chromium.launch(launchOptions);
  for (const user of DEMO_USERS) {
    const context = await browser.newContext({ baseURL });
    await signInThroughForm(await context.newPage(), user);
    await context.storageState({ path: authStatePath(user) });
    await context.close();
  }
  await browser.close();
};

export default globalSetup;
