import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, screenshot, signIn } from "./helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const openApiKeys = async (page: Page) => {
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
};

test("an admin creates a scoped key, sees it exactly once, uses it, and revokes it", async ({ page, request }) => {
  await signIn(page, DEMO_ADMIN);
  await openApiKeys(page);

  await page.getByRole("button", { name: "Create key" }).click();
  const form = page.getByRole("form", { name: "Create API key" });
  await form.getByRole("textbox", { name: /^Name/ }).fill("E2E routing partner");
  await form.getByLabel("IP allowlist (optional)").fill("10.0.0.0/33");
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.locator("#scopes-error")).toHaveText("Choose at least one scope.");
  await expect(form.locator("#ipAllowlist-error")).toContainText('"10.0.0.0/33" is not an IPv4/IPv6 address or CIDR');
  await screenshot(page, "api-keys-form-errors");

  await form.getByLabel("IP allowlist (optional)").fill("");
  await form.getByRole("checkbox", { name: /vehicles:read/ }).check();
  await form.getByRole("checkbox", { name: /drivers:read/ }).check();
  await form.getByRole("button", { name: "Create key" }).click();

  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  await expect(reveal).toBeVisible();
  await expect(reveal).toContainText("It will not be shown again");
  const key = (await reveal.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
  await reveal.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(reveal.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshot(page, "api-keys-reveal-dialog");

  await reveal.getByRole("button", { name: "I have copied the key" }).click();
  await expect(reveal).toHaveCount(0);
  const row = page.getByRole("row", { name: /E2E routing partner/ });
  await expect(row).toContainText(key.slice(0, 13));
  await expect(row).toContainText("vehicles:read");
  await expect(row).toContainText("Active");
  const secret = key.slice("svc_live_".length);
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Audit trail" })).toContainText("Demo Fleet Admin created E2E routing partner");
  await screenshot(page, "api-keys-page");

  const auth = { Authorization: `Bearer ${key}` };
  expect((await request.get("/fleet/vehicles", { headers: auth })).status()).toBe(200);
  expect((await request.get("/fleet/hos/clocks", { headers: auth })).status()).toBe(403);

  await row.getByRole("button", { name: "Revoke E2E routing partner" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API key?" });
  await expect(confirm).toContainText(key.slice(0, 13));
  await screenshot(page, "api-keys-revoke-dialog");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("Revoked");
  await expect(page.getByRole("list", { name: "Audit trail" })).toContainText("Demo Fleet Admin revoked E2E routing partner");
  await screenshot(page, "api-keys-page-revoked");

  expect((await request.get("/fleet/vehicles", { headers: auth })).status()).toBe(401);
});
