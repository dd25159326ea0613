import { test as base } from "@playwright/test";
import { signIn } from "./helpers";

type StorageState = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

/**
 * A `test` whose pages start signed in as `user`, signing in once per worker: sign-in is throttled
 * per account, so a sign-in per test would trip it in a long suite.
 */
export const signedInTest = (user: { email: string; password: string }) => {
  let state: StorageState | undefined;
  return base.extend({
    storageState: async ({ browser, baseURL }, use) => {
      if (!state) {
        const page = await browser.newPage({ baseURL });
        await signIn(page, user);
        state = await page.context().storageState();
        await page.close();
      }
      await use(state);
    },
  });
};
