import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { makeVin } from "../lib/runtime/seed/vin";
import { OTHER_ADMIN, screenshot, signIn } from "./helpers";

test.use({ viewport: { width: 1400, height: 900 } });

const CHICAGO = { lat: 41.88, lon: -87.63 };

/** One OsmAnd report of the truck's tracker, with the ECU's odometer in kilometres. */
const sendOdometer = async (request: APIRequestContext, device: string, odometerKm: number) => {
  const query = new URLSearchParams({
    id: device,
    lat: String(CHICAGO.lat),
    lon: String(CHICAGO.lon),
    timestamp: String(Date.now()),
    speed: "0",
    obdOdometer: String(odometerKm * 1000),
  });
  expect((await request.post(`/ingest/osmand?${query}`)).status()).toBe(200);
};

/** The truck's row on the maintenance page, reloaded until `text` is in it. */
const expectRow = (page: Page, truck: string, text: string) =>
  expect(async () => {
    await page.reload();
    await expect(page.getByTestId("maintenance-vehicles").getByRole("row").filter({ hasText: truck })).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

// Other Fleet, in kilometres (the logbook spec sets the same): a program on Demo Fleet would change what its other specs count.
test("a service program turns due as the tracker's odometer passes it; a work order for it, completed, resets it; one for a driver's defect names it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const [truck, device] = [`Service truck ${stamp}`, `e2e-service-${stamp}`];
  await signIn(page, OTHER_ADMIN, "/settings/company");
  await page.getByLabel("kilometres").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.goto("/vehicles/new");
  await page.getByLabel("Name", { exact: true }).fill(truck);
  await page.getByLabel("VIN").fill(makeVin({ wmi: "1E3", seed: 6_000_000 + (stamp % 1_000_000), year: 2024 }));
  await page.getByRole("button", { name: "Create vehicle" }).click();
  await page.waitForURL(/\/vehicles\?saved=/);
  const vehicleId = new URL(page.url()).searchParams.get("saved");
  await page.goto("/devices");
  await page.getByRole("button", { name: "Register device" }).click();
  const register = page.getByRole("form", { name: "Register device" });
  await register.getByLabel("Identifier").fill(device);
  await register.getByLabel("Model").selectOption("osmand");
  await register.getByLabel("Vehicle").selectOption({ label: truck });
  await register.getByRole("button", { name: "Register device" }).click();
  await expect(page.getByRole("main").getByText(device)).toBeVisible();
  await sendOdometer(request, device, 100_000);

  // An oil change every 25,000 km or 6 months; a program without an interval is refused beside its field.
  await page.goto("/maintenance");
  const form = page.getByRole("form", { name: "New program" });
  await form.getByLabel("Name").fill(`Oil change ${stamp}`);
  await form.getByRole("listbox", { name: "Vehicles", exact: true }).selectOption({ label: truck });
  await form.getByRole("button", { name: "Create the program" }).click();
  await expect(form.locator("#program-intervalMeters-error")).toContainText("at least one interval");
  await form.getByLabel("Distance (km)").fill("25000");
  await form.getByLabel("Months").fill("6");
  await form.getByRole("button", { name: "Create the program" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Program saved" })).toBeVisible();
  await expect(
    page
      .getByTestId("maintenance-programs")
      .getByRole("row")
      .filter({ hasText: `Oil change ${stamp}` }),
  ).toContainText("25,000 km / 6 months");
  await expectRow(page, truck, "OK");
  await expect(page.getByTestId("maintenance-vehicles").getByRole("row").filter({ hasText: truck })).toContainText("at 125,000 km");

  // The tracker reports on: 2,000 km before the service it is due soon, past it overdue.
  await sendOdometer(request, device, 123_000);
  await expectRow(page, truck, "Due soon");
  await sendOdometer(request, device, 125_100);
  await expectRow(page, truck, "Overdue");
  await screenshot(page, "maintenance-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "maintenance-phone");
  await page.setViewportSize({ width: 1400, height: 900 });

  // A work order for the service, with a part, completed: the program counts from then.
  await page.getByRole("button", { name: `Open a work order for Oil change ${stamp} on ${truck}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Work order opened" })).toBeVisible();
  const line = page.getByRole("form", { name: "Add a part or labor" });
  await line.getByLabel("Item").fill("Oil filter");
  await line.getByLabel("Quantity").fill("2");
  await line.getByLabel("Unit cost").fill("12.50");
  await line.getByRole("button", { name: "Add the line" }).click();
  await expect(page.getByTestId("work-order-total")).toContainText("Total 25.00");
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByTestId("work-order-status")).toContainText("Completed");
  await screenshot(page, "work-order-desktop");
  await page.goto("/maintenance");
  await expectRow(page, truck, "OK");
  await expect(page.getByTestId("maintenance-vehicles").getByRole("row").filter({ hasText: truck })).toContainText("at 150,100 km");
  await page.getByTestId("maintenance-vehicles").getByRole("link", { name: truck }).click();
  await expect(page.getByTestId("work-orders")).toContainText(`Oil change ${stamp}`);
  await expect(page.getByTestId("work-orders")).toContainText("Completed");

  // A driver reports the brakes on their phone (the logbook); the manager opens a work order from the defect,
  // the vehicle and the defect filled in, and the order names the defect, linking back to its inspection.
  const [username, driverName] = [`e2e.service.${stamp}`, `Service driver ${stamp}`];
  await page.goto("/drivers/new");
  await page.getByLabel("Name", { exact: true }).fill(driverName);
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Home terminal time zone").fill("America/Chicago");
  await page.getByLabel("Logbook password or PIN").fill("482915");
  await page.getByRole("button", { name: "Create driver" }).click();
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit\?created=1/);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const driver = await phone.newPage();
  await driver.goto(`/logbook/login?username=${username}`);
  await driver.getByLabel("Password or PIN").fill("482915");
  await driver.getByRole("button", { name: "Sign in" }).click();
  await expect(driver).toHaveURL(/\/logbook$/);
  await driver.goto(`/logbook/inspection?vehicle=${vehicleId}`);
  const inspection = driver.getByRole("form", { name: "Vehicle inspection" });
  await inspection.getByLabel("Brakes", { exact: true }).check();
  await inspection.getByLabel("Brakes: what is wrong").fill("Soft pedal");
  await inspection.getByLabel("Not safe to operate").check();
  await inspection.getByLabel("Signature: type your full name").fill(driverName);
  await inspection.getByRole("button", { name: "Sign and submit inspection" }).click();
  await expect(inspection.getByRole("status").filter({ hasText: "Inspection submitted" })).toBeVisible();
  await phone.close();

  await page.goto("/inspections");
  await page.getByTestId("inspections-table").getByRole("link", { name: truck }).click();
  await page.waitForURL(/\/inspections\/\d+$/);
  const inspectionUrl = page.url();
  await screenshot(page, "inspection-open-work-order-desktop");
  await page.getByRole("link", { name: "Open a work order for Brakes" }).click();
  const order = page.getByRole("form", { name: "New work order" });
  await expect(order.getByTestId("work-order-source")).toHaveText(`For the defect Brakes on ${truck}`);
  await expect(order.getByLabel("What is to be done")).toHaveValue("Brakes: Soft pedal");
  await screenshot(page, "work-order-from-defect-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "work-order-from-defect-phone");
  await page.setViewportSize({ width: 1400, height: 900 });
  await order.getByRole("button", { name: "Open the work order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Work order opened" })).toBeVisible();
  await expect(page.getByTestId("work-order-source")).toHaveText("Defect: Brakes");
  await page.goto("/maintenance/orders");
  const listed = page.getByTestId("work-orders").getByRole("row").filter({ hasText: "Brakes: Soft pedal" });
  await expect(listed).toContainText(truck);
  await expect(listed).toContainText("Defect: Brakes");
  await screenshot(page, "work-orders-desktop");
  await listed.getByRole("link", { name: "Brakes", exact: true }).click();
  await expect(page).toHaveURL(inspectionUrl);
  await expect(page.getByTestId("defect-work-order")).toContainText("Open");
  await expect(page.getByRole("link", { name: "Open a work order for Brakes" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "inspection-with-work-order-phone");
});
