import { test as base } from "@playwright/test";
import { authStatePath, type DemoUser } from "./helpers";

/** A `test` whose pages start signed in as `user` (the session e2e/global-setup.ts made). */
export const signedInTest = (user: DemoUser) => base.extend({ storageState: authStatePath(user) });
