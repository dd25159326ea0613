import { expect, test, type Page } from "@playwright/test";
import { seriousAxeFindings } from "./axe-findings";
import { authStatePath, DEMO_ADMIN, DEMO_DISPATCHER, DEMO_MANAGER, OTHER_ADMIN, screenshot, type DemoUser } from "./helpers";
import { signedInTest } from "./signed-in";

/**
 * Every page at a desktop and a phone size: no critical or serious axe finding, one h1 and a main
 * landmark, nothing wider than the screen. Demo Fleet's admin walks every page at both sizes and saves
 * a screenshot of each for people to look at; the other roles walk every page they may open (and the
 * refusal of one they may not) at one size each: the manager at the desktop, the dispatcher and Other
 * Fleet's admin (no Waste module, mostly empty lists: where empty tables once overflowed) at the phone.
 * The axe scan runs once per page, size and data: in the admin's walks, in
 * Other Fleet's (but for a page without company data, the API reference), and on a page the admin never
 * opens (the refusal). The manager's and the dispatcher's
 * pages are the admin's with fewer controls, so their walks check the width, the h1 and the landmark
 * without scanning again.
 */

const DESKTOP = { name: "desktop", width: 1400, height: 900 } as const;
const PHONE = { name: "phone", width: 390, height: 844 } as const;
const SIZES = [DESKTOP, PHONE];
const WALKS = [
  { user: DEMO_ADMIN, size: DESKTOP, scan: true },
  { user: DEMO_ADMIN, size: PHONE, scan: true },
  { user: DEMO_MANAGER, size: DESKTOP, scan: false },
  { user: DEMO_DISPATCHER, size: PHONE, scan: false },
  { user: OTHER_ADMIN, size: PHONE, scan: true },
];

type PageVisit = {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** Who may open the page (default everyone). */
  onlyFor?: readonly DemoUser[];
  /** The page shows nothing of the company's data: Other Fleet's walk does not scan it again. */
  sameForEveryCompany?: true;
};

/** The first link under main that `selector` picks, for detail pages whose ids the demo data decides. */
const firstLink = (listPath: string, selector: string) => async (page: Page) => {
  await page.goto(listPath);
  const link = page.getByRole("main").locator(selector).first();
  await link.waitFor({ state: "attached" });
  return (await link.getAttribute("href"))!;
};

/**
 * The live map with a vehicle selected (its panel and the map's one DOM marker; the other vehicles
 * are drawn on a canvas, and the vehicle list beside the map is their accessible equivalent).
 */
const mapWithVehicle = async (page: Page) => {
  await page.goto("/map");
  const row = page.locator(".vehicle-row").first();
  await row.waitFor({ state: "attached" });
  return `/map?vehicle=${await row.getAttribute("data-vehicle-id")}`;
};

/**
 * Files a mechanic's inspection report for a Demo Fleet vehicle through the Fleet API (the demo seeds none;
 * drivers file theirs in the logbook), with a key Demo Fleet's admin creates for it: whichever walk comes first.
 */
const fileMechanicInspection = async (page: Page) => {
  const { origin } = new URL(page.url());
  const admin = await page
    .context()
    .browser()!
    .newContext({ storageState: authStatePath(DEMO_ADMIN), baseURL: origin });
  const keys = await admin.newPage();
  await keys.goto("/settings/api-keys");
  await keys.getByRole("button", { name: "Create key" }).click();
  const form = keys.getByRole("form", { name: "Create API key" });
  await form.getByRole("textbox", { name: /^Name/ }).fill(`Accessibility walk inspection ${Date.now()}`);
  for (const scope of ["vehicles:read", "users:read", "maintenance:write"]) await form.getByRole("checkbox", { name: new RegExp(scope) }).check();
  await form.getByRole("button", { name: "Create key" }).click();
  const key = (await keys.getByRole("dialog", { name: "Your new API key" }).getByTestId("new-api-key").textContent())!;
  const headers = { Authorization: `Bearer ${key}` };
  const [vehicle] = ((await (await admin.request.get("/fleet/vehicles?limit=1", { headers })).json()) as { data: { id: string }[] }).data;
  const users = ((await (await admin.request.get("/users", { headers })).json()) as { data: { id: string; email: string }[] }).data;
  const author = users.find((user) => user.email === DEMO_ADMIN.email)!;
  const filed = await admin.request.post("/fleet/dvirs", {
    headers,
    data: { authorId: author.id, type: "mechanic", safetyStatus: "safe", vehicleId: vehicle.id, mechanicNotes: "Brakes adjusted, lights checked." },
  });
  expect(filed.status()).toBe(200);
  await admin.close();
};

/** The first inspection report's page (one filed first when Demo Fleet has none). */
const firstInspection = async (page: Page) => {
  const selector = 'a[href^="/inspections/"]';
  await page.goto("/inspections");
  await settle(page);
  if ((await page.getByRole("main").locator(selector).count()) === 0) await fileMechanicInspection(page);
  return firstLink("/inspections", selector)(page);
};

const WASTE_USERS = [DEMO_ADMIN, DEMO_DISPATCHER];
const DRIVER_EDITORS = [DEMO_ADMIN, DEMO_MANAGER, OTHER_ADMIN];

const PAGES: readonly PageVisit[] = [
  { name: "map", path: "/map" },
  { name: "map-vehicle", path: mapWithVehicle, onlyFor: [DEMO_ADMIN, DEMO_MANAGER, DEMO_DISPATCHER] },
  { name: "playback", path: "/playback" },
  { name: "stats", path: "/stats" },
  { name: "hos", path: "/hos" },
  { name: "hos-violations", path: "/hos/violations" },
  { name: "hos-unassigned", path: "/hos/unassigned" },
  { name: "hos-driver", path: firstLink("/hos", 'a[href^="/hos/"]:not([href^="/hos/violations"])') },
  { name: "waste-jobs", path: "/waste-jobs", onlyFor: [...WASTE_USERS, OTHER_ADMIN] },
  { name: "waste-job", path: firstLink("/waste-jobs", 'tbody a[href^="/waste-jobs/"]'), onlyFor: WASTE_USERS },
  { name: "vehicles", path: "/vehicles" },
  { name: "vehicles-archived", path: "/vehicles?status=archived" },
  { name: "vehicle-new", path: "/vehicles/new", onlyFor: DRIVER_EDITORS },
  { name: "vehicle-edit", path: firstLink("/vehicles", 'a[href^="/vehicles/"][href$="/edit"]'), onlyFor: DRIVER_EDITORS },
  { name: "vehicle-import", path: "/vehicles/import", onlyFor: DRIVER_EDITORS },
  { name: "drivers", path: "/drivers" },
  { name: "driver-new", path: "/drivers/new", onlyFor: DRIVER_EDITORS },
  { name: "driver-edit", path: firstLink("/drivers", 'a[href^="/drivers/"][href$="/edit"]'), onlyFor: DRIVER_EDITORS },
  { name: "fuel-stops", path: "/fuel-stops" },
  { name: "reports", path: "/reports" },
  { name: "reports-daily", path: "/reports?kind=daily" },
  { name: "camera", path: "/camera" },
  { name: "devices", path: "/devices" },
  { name: "places", path: "/places" },
  { name: "alerts-inbox", path: "/alerts/inbox" },
  { name: "alert-rules", path: "/alerts/rules" },
  { name: "inspections", path: "/inspections" },
  // Other Fleet has none until the logbook spec's driver files one (after the walks).
  { name: "inspection", path: firstInspection, onlyFor: [DEMO_ADMIN, DEMO_MANAGER, DEMO_DISPATCHER] },
  { name: "inspection-checklist", path: "/inspections/checklist" },
  { name: "maintenance", path: "/maintenance" },
  { name: "work-orders", path: "/maintenance/orders" },
  { name: "api-keys", path: "/settings/api-keys", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  { name: "company-settings", path: "/settings/company", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  { name: "audit-log", path: "/settings/audit-log", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  { name: "users", path: "/settings/users", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  { name: "account", path: "/account" },
  { name: "partner-credentials", path: "/settings/partner-credentials", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  { name: "webhooks", path: "/settings/webhooks", onlyFor: [DEMO_ADMIN, OTHER_ADMIN] },
  // Vehicles and tags are edited by the same roles as drivers (admins and managers).
  { name: "tags", path: "/settings/tags", onlyFor: DRIVER_EDITORS },
  // The reference's index (its operations listed, each a page of its own), then its largest operation's page.
  { name: "api-reference", path: "/api-reference", sameForEveryCompany: true },
  { name: "api-reference-operation", path: "/api-reference/post-alerts-configurations", sameForEveryCompany: true },
  { name: "forbidden", path: "/settings/api-keys", onlyFor: [DEMO_MANAGER, DEMO_DISPATCHER] },
];

/**
 * The page is settled enough to judge, by the signals it gives itself: its heading is shown and nothing
 * in main is busy (a loading placeholder, a screen still fetching its data, a button not yet hydrated).
 * Not the network: the live pages poll and stream, so it is never idle and waiting for it only costs time.
 */
const settle = async (page: Page) => {
  // The title streams in after the body on dynamic pages: axe once judged a page before it came.
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
};

/** No critical or serious axe finding on the page. */
const scan = async (page: Page, label: string) => expect.soft(await seriousAxeFindings(page), `axe findings on ${label}`).toEqual([]);

/** The axe scan, then the page's shape: nothing wider than the screen, one h1, one main landmark. */
const check = async (page: Page, label: string, { withScan = true } = {}) => {
  if (withScan) await scan(page, label);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `width of ${label}`).toBeLessThanOrEqual(innerWidth);
  await expect.soft(page.locator("h1"), `one h1 on ${label}`).toHaveCount(1);
  await expect.soft(page.getByRole("main"), `main landmark on ${label}`).toHaveCount(1);
};

test("the signed-out pages pass the axe scan at both sizes", async ({ page }) => {
  test.setTimeout(180_000);
  const pages = [
    { name: "login", path: "/login" },
    { name: "logbook-login", path: "/logbook/login" },
    { name: "forgot-password", path: "/forgot-password" },
    { name: "invite-not-valid", path: "/invite/NotAValidInviteTokenAtAll1234567890" },
    { name: "reset-not-valid", path: "/reset-password/NotAValidResetTokenAtAll1234567890" },
  ];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const visit of pages) {
      await page.goto(visit.path);
      await check(page, `${visit.name} at ${size.name}`);
      await screenshot(page, `a11y-${visit.name}-${size.name}`);
    }
  }
});

signedInTest(DEMO_ADMIN)(
  "a live sharing link's public page, open and ended, passes the axe scan at both sizes without a session",
  async ({ page, browser }) => {
    await page.goto("/map");
    await page.getByLabel("Search vehicles").fill("DEMO-002");
    await page.locator(".vehicle-row").first().click();
    await page.getByRole("button", { name: "Share live location" }).click();
    const { pathname } = new URL(await page.getByLabel("Live location link").inputValue());
    const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const shared = await stranger.newPage();
    for (const size of SIZES) {
      await shared.setViewportSize({ width: size.width, height: size.height });
      for (const [name, path] of [
        ["share", pathname],
        ["share-ended", "/share/1_revokedrevokedrevokedrevokedrevoked"],
      ] as const) {
        await shared.goto(path);
        await settle(shared);
        await check(shared, `${name} at ${size.name}`);
        await screenshot(shared, `a11y-${name}-${size.name}`);
      }
    }
    await stranger.close();
  },
);

signedInTest(DEMO_DISPATCHER)("on a phone the menu is a drawer that Escape closes, giving focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/hos");
  const nav = page.getByRole("navigation", { name: "Sections" });
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Waste jobs" })).toBeVisible();
  await screenshot(page, "a11y-menu-drawer-phone", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
});

signedInTest(DEMO_MANAGER)("a driver's logbook passes the axe scan at both sizes", async ({ page, browser }) => {
  // Four pages scanned and a driver's sign-in: over the 60 s default once in a full run on a loaded machine.
  test.setTimeout(120_000);
  // A demo driver (simulated log: clocks, graph and violations to show) gets a PIN from the manager.
  await page.goto(await firstLink("/drivers", 'a[href^="/drivers/"][href$="/edit"]')(page));
  const username = (await page.getByRole("form", { name: "Logbook sign-in" }).locator("strong").textContent())!;
  await page.getByRole("form", { name: "Logbook sign-in" }).getByLabel("New password or PIN").fill("271828");
  await page.getByRole("button", { name: "Set password or PIN" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  const context = await browser.newContext();
  const driver = await context.newPage();
  await driver.goto("/logbook/login");
  await driver.getByLabel("Username").fill(username);
  await driver.getByLabel("Password or PIN").fill("271828");
  await driver.getByRole("button", { name: "Sign in" }).click();
  await driver.waitForURL("**/logbook");
  for (const size of SIZES) {
    await driver.setViewportSize({ width: size.width, height: size.height });
    for (const [path, name] of [
      ["/logbook", "logbook"],
      ["/logbook/roadside", "roadside"],
    ]) {
      await driver.goto(path);
      await settle(driver);
      await check(driver, `${name} at ${size.name}`);
      await screenshot(driver, `a11y-${name}-${size.name}`, { fullPage: size.name === "phone" });
    }
  }
  await context.close();
});

/**
 * Pages a test of a walk visits: each walk is cut into parts of this many pages, so that the two
 * workers share the walks evenly and one slow page cannot run a whole walk past its timeout. The walks
 * are defined last: the tests above are long single ones, which the workers should start with, not end on.
 */
const PAGES_PER_TEST = 9;

for (const { user, size, scan: scanned } of WALKS) {
  const what = scanned ? "pass the axe scan and fit the screen" : "fit the screen (axe: the pages the admin does not open)";
  const visits = PAGES.filter((candidate) => !candidate.onlyFor || candidate.onlyFor.includes(user));
  for (let first = 0; first < visits.length; first += PAGES_PER_TEST) {
    const part = visits.slice(first, first + PAGES_PER_TEST);
    const pages = `${part[0].name} to ${part[part.length - 1].name}`;
    signedInTest(user)(`the pages ${pages} as ${user.email} at ${size.width}×${size.height} ${what}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const visit of part) {
        const path = typeof visit.path === "string" ? visit.path : await visit.path(page);
        await page.goto(path);
        await settle(page);
        // A page the admin never opens (the refusal) is scanned in every walk that sees it.
        const withScan =
          (scanned && !(visit.sameForEveryCompany && user === OTHER_ADMIN)) || (visit.onlyFor !== undefined && !visit.onlyFor.includes(DEMO_ADMIN));
        await check(page, `${visit.name} (${path}) as ${user.email} at ${size.name}`, { withScan });
        // Phone screenshots show the whole page.
        const fullPage = size.name === "phone";
        if (user === DEMO_ADMIN || (visit.name === "forbidden" && user === DEMO_MANAGER))
          await screenshot(page, `a11y-${visit.name}-${size.name}`, { fullPage });
      }
    });
  }
}
