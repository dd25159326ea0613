import { expect, type APIRequestContext } from "@playwright/test";
import { authStatePath, DEMO_ADMIN, OTHER_ADMIN } from "./helpers";
import { signedInTest } from "./signed-in";

/** The id in the first `/<section>/<id>…` link of the section's list page, as another company's user sees it. */
const firstId = async (request: APIRequestContext, section: string) => {
  const html = await (await request.get(`/${section}`)).text();
  return new RegExp(`href="/${section}/(\\d+)`).exec(html)![1];
};

/**
 * A detail page asked for another company's record, or one that exists nowhere, renders Next's not-found page with a 404
 * (app/_server/page-record.ts), as the interfaces answer 404 for another company's ids. Only the answers are read: the
 * pages are not rendered in the browser.
 */
signedInTest(DEMO_ADMIN)("another company's records, and ids that exist nowhere, are the 404 page, not an error or the record", async ({ page, browser }) => {
  const otherFleet = await browser.newContext({ storageState: authStatePath(OTHER_ADMIN) });
  const [vehicleId, driverId] = [await firstId(otherFleet.request, "vehicles"), await firstId(otherFleet.request, "drivers")];
  await otherFleet.close();
  for (const path of [
    `/vehicles/${vehicleId}/edit`,
    `/drivers/${driverId}/edit`,
    `/hos/${driverId}`,
    `/maintenance/vehicles/${vehicleId}`,
    "/inspections/999999999",
    "/maintenance/orders/999999999",
    "/maintenance/programs/999999999",
    "/maintenance/orders/new?defect=999999999",
    "/waste-jobs/999999999",
  ]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
  }
});
