import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { authStatePath, DEMO_ADMIN, DEMO_MANAGER, OTHER_ADMIN, screenshot, signIn, type DemoUser } from "./helpers";
import { readFileSync } from "node:fs";

// Issue 40: every form that carries a secret posts to a handler that works before (here: without)
// the page's script. Each form is submitted in a browser context with JavaScript disabled; no
// address the browser asks for may hold the secret, and the action must have done its work.
// The first-run setup form needs a fresh instance (tests/access/companies/setup-form.test.ts posts it), and
// forgot password shows its form only with mail set up, which the e2e server is not
// (tests/access/users/users.test.ts posts it).

type ScriptlessBrowser = { page: Page; context: BrowserContext; addresses: string[] };

/** A browser with JavaScript off (optionally with `user`'s stored session) that records every address it requests. */
const scriptless = async (browser: Browser, baseURL: string, user?: DemoUser): Promise<ScriptlessBrowser> => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  if (user)
    await context.addCookies((JSON.parse(readFileSync(authStatePath(user), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] }).cookies);
  const addresses: string[] = [];
  context.on("request", (request) => addresses.push(request.url()));
  return { page: await context.newPage(), context, addresses };
};

const expectNoSecretIn = (addresses: string[], ...secrets: string[]) => {
  for (const secret of secrets) {
    for (const address of addresses) expect(decodeURIComponent(address), `requested ${address}`).not.toContain(secret);
  }
};

/** The admin (with JavaScript) issues a link on Settings → Users: an invite for `email`, or a reset link for `name`. */
const issueLink = async (admin: Page, { email, resetFor }: { email: string; resetFor?: string }) => {
  await admin.goto("/settings/users");
  if (resetFor) {
    // "Reset link" is a ClientButton: the click waits until it is enabled, once the page is ready.
    await admin.getByRole("button", { name: `Reset link for ${resetFor}` }).click();
  } else {
    await admin.getByRole("button", { name: "Add user" }).click();
    const form = admin.getByRole("form", { name: "Add user" });
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Role").selectOption("dispatcher");
    await form.getByRole("button", { name: "Invite" }).click();
  }
  const reveal = admin.getByRole("dialog", { name: resetFor ? "Password reset link" : "Invite link" });
  const link = (await reveal.getByTestId("user-link").textContent()) ?? "";
  await reveal.getByRole("button", { name: "I have passed the link on" }).click();
  return new URL(link).pathname;
};

test("without JavaScript: sign-in, invite, password change and reset post, sign in, and never put the password in an address", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `e2e.noscript.${stamp}@demo.test`;
  const name = `Nora Noscript ${stamp}`;
  const [joined, changed, reset] = [`joined-password-${stamp}`, `changed-password-${stamp}`, `reset-password-${stamp}`];
  await signIn(page, DEMO_ADMIN);

  // The dashboard sign-in: a wrong password is told on the page, the right one opens the map.
  const signInBrowser = await scriptless(browser, baseURL!);
  await signInBrowser.page.goto("/login");
  await signInBrowser.page.getByLabel("Email").fill(DEMO_MANAGER.email);
  await signInBrowser.page.getByLabel("Password").fill("not-the-manager-password");
  await signInBrowser.page.getByRole("button", { name: "Sign in" }).click();
  await expect(signInBrowser.page.getByRole("alert")).toHaveText("Wrong email or password.");
  await signInBrowser.page.getByLabel("Email").fill(DEMO_MANAGER.email);
  await signInBrowser.page.getByLabel("Password").fill(DEMO_MANAGER.password);
  await signInBrowser.page.getByRole("button", { name: "Sign in" }).click();
  await expect(signInBrowser.page).toHaveURL(/\/map$/);
  await expect(signInBrowser.page.getByTestId("company-name")).toHaveText("Demo Fleet");
  await screenshot(signInBrowser.page, "no-javascript-signed-in", { fullPage: false });
  expectNoSecretIn(signInBrowser.addresses, "not-the-manager-password", DEMO_MANAGER.password);
  await signInBrowser.context.close();

  // An invite: the new person chooses a name and password and is signed in.
  const invitePath = await issueLink(page, { email });
  const invited = await scriptless(browser, baseURL!);
  await invited.page.goto(invitePath);
  await invited.page.getByLabel("Your name").fill(name);
  await invited.page.locator('input[name="password"]').fill(joined);
  await invited.page.getByLabel("New password again").fill(`${joined}-typo`);
  await invited.page.getByRole("button", { name: "Join and sign in" }).click();
  await expect(invited.page.locator("#confirm-error")).toHaveText("The two passwords differ.");
  await invited.page.getByLabel("Your name").fill(name);
  await invited.page.locator('input[name="password"]').fill(joined);
  await invited.page.getByLabel("New password again").fill(joined);
  await invited.page.getByRole("button", { name: "Join and sign in" }).click();
  await expect(invited.page).toHaveURL(/\/map$/);
  await expect(invited.page.getByTestId("user-name")).toHaveText(name);

  // The account page's password change, in the session the invite opened.
  await invited.page.goto("/account");
  const change = invited.page.getByRole("form", { name: "Change password" });
  await change.getByLabel("Current password").fill(joined);
  await change.locator('input[name="newPassword"]').fill(changed);
  await change.getByLabel("New password again").fill(changed);
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(invited.page.getByRole("status").filter({ hasText: "Your password was changed." })).toBeVisible();
  expectNoSecretIn(invited.addresses, joined, changed);
  await invited.context.close();

  // A reset link from the admin: a new password, and signed in with it.
  const resetPath = await issueLink(page, { email, resetFor: name });
  const resetting = await scriptless(browser, baseURL!);
  await resetting.page.goto(resetPath);
  await resetting.page.locator('input[name="password"]').fill(reset);
  await resetting.page.getByLabel("New password again").fill(reset);
  await resetting.page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(resetting.page).toHaveURL(/\/map$/);
  await expect(resetting.page.getByTestId("user-name")).toHaveText(name);

  expectNoSecretIn(resetting.addresses, reset);
  await resetting.context.close();
});

test("without JavaScript: a driver signs in to the logbook", async ({ page, browser, baseURL }) => {
  const stamp = Date.now();
  const username = `e2e.noscript.driver.${stamp}`;
  const pin = String(100_000 + (stamp % 900_000));
  // Other Fleet, as e2e/logbook.spec.ts: its admin creates the driver and sets the PIN (with JavaScript).
  await signIn(page, OTHER_ADMIN, "/drivers/new");
  await page.getByLabel("Name", { exact: true }).fill("Nico Noscript");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Home terminal time zone").fill("America/Chicago");
  await page.getByRole("button", { name: "Create driver" }).click();
  // A new driver opens on its own page, at the logbook sign-in.
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit/);
  await page.getByRole("form", { name: "Logbook sign-in" }).getByLabel("New password or PIN").fill(pin);
  await page.getByRole("button", { name: "Set password or PIN" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  const driver = await scriptless(browser, baseURL!);
  await driver.page.goto("/logbook/login");
  await driver.page.getByLabel("Username").fill(username);
  await driver.page.getByLabel("Password or PIN").fill("000000");
  await driver.page.getByRole("button", { name: "Sign in" }).click();
  await expect(driver.page.getByRole("alert")).toHaveText("Wrong username, password or PIN.");
  await driver.page.getByLabel("Username").fill(username);
  await driver.page.getByLabel("Password or PIN").fill(pin);
  await driver.page.getByRole("button", { name: "Sign in" }).click();
  await expect(driver.page).toHaveURL(/\/logbook$/);
  await expect(driver.page.getByText(/Nico Noscript/).first()).toBeVisible();
  expectNoSecretIn(driver.addresses, pin);
  await driver.context.close();
});

test("without JavaScript: an admin creates an API key and a webhook and sees each secret once", async ({ browser, baseURL }) => {
  const admin = await scriptless(browser, baseURL!, DEMO_ADMIN);
  await admin.page.goto("/settings/api-keys");
  await admin.page.getByRole("button", { name: "Create key" }).click();
  const keyForm = admin.page.getByRole("form", { name: "Create API key" });
  await keyForm.getByRole("textbox", { name: /^Name/ }).fill("No-script partner");
  await keyForm.getByRole("checkbox", { name: /vehicles:read/ }).check();
  await keyForm.getByRole("button", { name: "Create key" }).click();
  const key = (await admin.page.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
  await screenshot(admin.page, "no-javascript-api-key", { fullPage: false });

  await admin.page.goto("/settings/webhooks");
  await admin.page.getByRole("button", { name: "Add webhook" }).click();
  const hookForm = admin.page.getByRole("form", { name: "Add webhook" });
  await hookForm.getByLabel("Name").fill("No-script receiver");
  await hookForm.getByLabel("URL").fill("http://127.0.0.1:9/no-script-hook");
  await hookForm.getByRole("button", { name: "Add webhook" }).click();
  const secret = (await admin.page.getByTestId("new-webhook-secret").textContent()) ?? "";
  expect(secret.length).toBeGreaterThan(20);
  expectNoSecretIn(admin.addresses, key, secret);
  await admin.context.close();
});

test("a GET of the sign-in page with a password in its query is refused without echoing it", async ({ request }) => {
  const answer = await request.get("/login?email=admin%40other.test&password=other-password-leaked");
  expect(answer.status()).toBe(400);
  const body = await answer.text();
  expect(body).toContain("This request was refused");
  expect(body).not.toContain("other-password-leaked");
  expect(body).not.toContain("admin@other.test");
  expect(answer.headers()["cache-control"]).toContain("no-store");
  // A sign-in page without one is answered as usual.
  expect((await request.get("/login")).status()).toBe(200);
});

test("without JavaScript: every button that needs the page's script is disabled, keeps its label and says the page is loading", async ({
  browser,
  baseURL,
}) => {
  const admin = await scriptless(browser, baseURL!, DEMO_ADMIN);
  for (const [path, example] of [
    ["/settings/users", /^Deactivate /],
    ["/devices", /^Remove /],
  ] as const) {
    await admin.page.goto(path);
    // A button may be live only as a form's submit to a handler that works without a script (method=post).
    const live = await admin.page
      .locator("button")
      .evaluateAll((buttons) =>
        (buttons as HTMLButtonElement[])
          .filter((button) => !button.disabled && !(button.type === "submit" && button.form?.method === "post"))
          .map((button) => button.outerHTML.slice(0, 160)),
      );
    expect(live, `buttons on ${path} that would silently do nothing`).toEqual([]);
    const waiting = admin.page.getByRole("button", { name: example }).first();
    await expect(waiting).toBeVisible();
    await expect(waiting).toBeDisabled();
    await expect(waiting).toHaveAttribute("title", "The page is still loading");
  }
  await admin.context.close();
});
