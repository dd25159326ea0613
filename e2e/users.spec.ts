import { expect, test, type Page, type Request } from "@playwright/test";
import { DEMO_ADMIN, screenshot, signIn } from "./helpers";

// The "Done when": the admin invites a dispatcher → the dispatcher opens the link, sets a
// password, signs in and sees only their sections → a crafted server-action post of theirs is
// refused and logged → the admin deactivates them → their open session is refused within 60 s
// (the e2e server runs with SESSION_CHECK_SECONDS=1; the default is 30, the bound 60).

const DISPATCHER_SECTIONS = [
  "Live map",
  "Playback",
  "Stats",
  "HOS",
  "Waste jobs",
  "Alerts",
  "Vehicles",
  "Drivers",
  "Fuel stops",
  "Reports",
  "Camera events",
  "Devices",
  "Places",
  "Alert rules",
  "Inspections",
  "Maintenance",
  "API reference",
  "Account",
];

const menuOf = async (page: Page) => page.getByRole("navigation", { name: "Sections" }).getByRole("link").allInnerTexts();

test("invite a dispatcher, who signs up, sees only their sections, is refused a crafted call, and is signed out when deactivated", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = `e2e.dispatcher.${Date.now()}@demo.test`;
  await signIn(page, DEMO_ADMIN, "/settings/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

  // The add-user action's id, as the browser sends it: what a crafted post would reuse.
  let actionId = "";
  const captureAction = (request: Request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) actionId ||= request.headers()["next-action"];
  };
  page.on("request", captureAction);
  await page.getByRole("button", { name: "Add user" }).click();
  const form = page.getByRole("form", { name: "Add user" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Role").selectOption("dispatcher");
  await form.getByRole("button", { name: "Invite" }).click();
  const reveal = page.getByRole("dialog", { name: "Invite link" });
  await expect(reveal).toContainText(`Send this link to ${email}`);
  const link = (await reveal.getByTestId("user-link").textContent()) ?? "";
  expect(link).toMatch(/\/invite\/[0-9A-Za-z]{43}$/);
  await screenshot(page, "users-invite-link");
  await reveal.getByRole("button", { name: "I have passed the link on" }).click();
  page.off("request", captureAction);
  expect(actionId).not.toBe("");
  const row = page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
  await expect(row).toContainText("Invited");
  // The dialog goes with the link in it: only then may the page hold no trace of it.
  await expect(page.getByTestId("user-link")).toHaveCount(0);
  expect(await page.content()).not.toContain(link.split("/").at(-1)!);

  // The dispatcher, in their own browser.
  const theirs = await browser.newContext({ baseURL });
  const dispatcher = await theirs.newPage();
  const invitePath = new URL(link).pathname;
  await dispatcher.goto(invitePath);
  await expect(dispatcher.getByRole("heading", { level: 1, name: "Join Demo Fleet" })).toBeVisible();
  await dispatcher.getByLabel("Your name").fill("Dana Dispatch");
  // The field's label carries its hint ("At least 12 characters."), so it is found by name.
  await dispatcher.locator('input[name="password"]').fill("dana's long password");
  await dispatcher.getByLabel("New password again").fill("dana's long password");
  await screenshot(dispatcher, "users-invite-page");
  await dispatcher.getByRole("button", { name: "Join and sign in" }).click();
  await dispatcher.waitForURL("**/map");
  expect(await menuOf(dispatcher)).toEqual(DISPATCHER_SECTIONS);
  await dispatcher.goto("/settings/users");
  await expect(dispatcher.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  await dispatcher.goto("/account");
  await expect(dispatcher.getByTestId("last-sign-in")).not.toHaveText("Never");

  // The link worked once.
  const reused = await theirs.request.get(invitePath);
  expect(reused.status()).toBe(403);
  expect(await reused.text()).toContain("This invite no longer works");
  expect((await theirs.request.get("/invite/ForgedLinkForgedLinkForgedLink1234567")).status()).toBe(404);

  // A crafted post of the add-user action as the dispatcher, trying to make an admin: refused and logged.
  const crafted = await theirs.request.post("/settings/users", {
    headers: { "Next-Action": actionId, "Content-Type": "text/plain;charset=UTF-8", Origin: baseURL!, Accept: "text/x-component" },
    data: JSON.stringify([{ email: `crafted.${Date.now()}@demo.test`, role: "admin", access: "invite" }]),
  });
  expect(await crafted.text()).toContain("The dispatcher role may not manageUsers.");
  await page.goto("/settings/audit-log?action=user.denied");
  await expect(page.getByRole("main")).toContainText("Dana Dispatch");

  // The admin deactivates them; their open session ends within 60 s on pages and routes.
  await page.goto("/settings/users");
  await row.getByRole("button", { name: "Deactivate Dana Dispatch" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate user?" });
  await screenshot(page, "users-deactivate-dialog");
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("Deactivated");
  await screenshot(page, "users-page");
  const deactivatedAt = Date.now();
  await expect.poll(async () => (await theirs.request.get("/api/dashboard/fleet")).status(), { timeout: 60_000 }).toBe(401);
  await dispatcher.goto("/hos");
  await dispatcher.waitForURL("**/login");
  expect(Date.now() - deactivatedAt).toBeLessThan(60_000);
  await theirs.close();
});
