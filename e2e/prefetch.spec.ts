import { expect } from "@playwright/test";
import { DEMO_ADMIN } from "./helpers";
import { signedInTest } from "./signed-in";

// components/ui/link.tsx: a page prefetches another only once a person shows intent (docs/decisions.md, "Links prefetch on intent").
signedInTest(DEMO_ADMIN)("a page prefetches no other page until its link is pointed at or focused", async ({ page }) => {
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.has("_rsc")) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  // Absence takes time to show: Next prefetched the links in view within a second of hydration.
  await page.waitForTimeout(2_000);
  expect(prefetched).toEqual([]);
  const sections = page.getByRole("navigation", { name: "Sections" });
  await sections.getByRole("link", { name: "Drivers" }).hover();
  await expect.poll(() => prefetched).toContain("/drivers");
  await sections.getByRole("link", { name: "Places" }).focus();
  await expect.poll(() => prefetched).toContain("/places");
  expect(prefetched).not.toContain("/maintenance");
});
