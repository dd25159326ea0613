import { test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./helpers";

test("look", async ({ page }) => {
  page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
  await signIn(page, DEMO_ADMIN);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: "/tmp/mapfill/map.png" });
  await page.locator(".vehicle-row").first().click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: "/tmp/mapfill/map-panel.png" });
  const id = new URL(page.url()).searchParams.get("vehicle");
  await page.goto(`/playback?vehicle=${id}`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: "/tmp/mapfill/playback.png", fullPage: true });
  await page.goto(`/stats?vehicle=${id}`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: "/tmp/mapfill/stats.png", fullPage: true });
});
