import { expect, type Page, type Response } from "@playwright/test";
import { DEMO_ADMIN, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_ADMIN);

/** What anyone who may name a place or a vehicle could store (issue 33): markup that runs when drawn as HTML. */
const MARKUP = `<img src=x onerror="window.__xss=1">`;

/** Dialogs the page opens, for the asserts below (none may). */
const watchDialogs = (page: Page) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
};

/** The page's CSP runs scripts by this request's nonce only, never inline ones. */
const expectStrictScripts = (response: Response | null) => {
  const csp = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src ")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'/);
  expect(scriptSrc).not.toContain("unsafe-inline");
};

/** The tooltip shows the name as text, with no element made from it, and nothing the markup carried ran. */
const expectShownAsText = async (page: Page, tooltip: ReturnType<Page["locator"]>, name: string, dialogs: string[]) => {
  await expect(tooltip).toHaveText(name);
  await expect(tooltip.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
};

test("a place named with markup shows the markup as text in the places map's tooltip; nothing runs, and the page runs under a nonce CSP", async ({ page }) => {
  const dialogs = watchDialogs(page);
  const placeName = `${MARKUP} Yard ${Date.now().toString(36)}`;
  expectStrictScripts(await page.goto("/places"));

  // Drawing on the map is the page's own script at work: it hydrated under the CSP.
  await page.getByRole("button", { name: "Draw Polygon" }).click();
  const map = page.locator(".places-map");
  const box = (await map.boundingBox())!;
  const corner = (dx: number, dy: number) => ({ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy });
  for (const point of [corner(-60, -40), corner(60, -40), corner(60, 40), corner(-60, 40), corner(-60, -40)]) await page.mouse.click(point.x, point.y);
  await expect(page.getByTestId("place-shape")).toHaveText("Polygon, 4 vertices");
  const form = page.getByRole("form", { name: "New place" });
  await form.getByLabel("Name").fill(placeName);
  await form.getByLabel("Address").fill("Named by the XSS test");
  await form.getByRole("button", { name: "Save place" }).click();
  const listed = page.getByRole("list", { name: "Places" }).getByRole("button").filter({ hasText: placeName });
  await expect(listed).toBeVisible();

  try {
    // Selected, the map frames the place: its middle is the map's.
    await listed.click();
    await expect(page.getByRole("form", { name: "Edit place" })).toBeVisible();
    // Measured again: a click in the list beside the map may have scrolled the page.
    const framed = (await map.boundingBox())!;
    await page.mouse.move(framed.x + 5, framed.y + framed.height - 5);
    await page.mouse.move(framed.x + framed.width / 2, framed.y + framed.height / 2);
    await expectShownAsText(page, map.locator(".leaflet-tooltip"), placeName, dialogs);
    await screenshot(page, "xss-place-tooltip", { fullPage: false });
  } finally {
    await page.getByRole("form", { name: "Edit place" }).getByRole("button", { name: "Delete" }).click();
    await expect(listed).toHaveCount(0);
  }
});

test("a vehicle named with markup shows the markup as text in the live map's tooltip; nothing runs, and the page runs under a nonce CSP", async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);
  // A vehicle the other specs do not look for by name, with a position to draw.
  const { vehicles } = (await (await page.request.get("/api/dashboard/fleet")).json()) as {
    vehicles: { id: string; name: string; location: object | null; isTrailer: boolean }[];
  };
  // Not a trailer another spec added (its edit page is the trailer's, with a placeholder VIN).
  const vehicle = vehicles.filter((candidate) => candidate.location && !candidate.isTrailer && !/^DEMO-00[237]$/.test(candidate.name)).at(-1)!;
  const vehicleName = `${MARKUP} ${vehicle.name}`;
  const rename = async (name: string) => {
    await page.goto(`/vehicles/${vehicle.id}/edit`);
    await page.getByRole("form", { name: "Vehicle" }).getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/vehicles\?saved=/);
  };

  await rename(vehicleName);
  try {
    expectStrictScripts(await page.goto("/map"));
    // The search filters the list and the map in the browser: the page hydrated under the CSP.
    await page.getByLabel("Search vehicles").fill(vehicleName);
    await expect(page.getByTestId("list-count")).toHaveText("1 vehicle");
    const map = page.getByRole("region", { name: /^Map of 1 vehicle;/ });
    await expect(map).toHaveAttribute("data-vehicles-drawn", "1");
    const tooltip = map.locator(".leaflet-tooltip");
    // The vehicle is a dot on a canvas that the simulator moves and the map redraws: open the dot's own
    // tooltip (what a hover opens, through the same content) instead of chasing its pixels.
    await expect(async () => {
      const opened = await page.evaluate(() => {
        const fleetMap = (window as unknown as { __fleetMap: import("leaflet").Map }).__fleetMap;
        let dot: import("leaflet").Layer | undefined;
        // The canvas's vehicle dots are the layers that carry a `vehicle`.
        fleetMap.eachLayer((layer) => {
          if ("vehicle" in layer) dot ??= layer;
        });
        dot?.openTooltip();
        return dot !== undefined;
      });
      expect(opened).toBe(true);
      await expect(tooltip).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expectShownAsText(page, tooltip, vehicleName, dialogs);
    await screenshot(page, "xss-vehicle-tooltip", { fullPage: false });
  } finally {
    await rename(vehicle.name);
  }
});
