import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** A vehicle made on its page, with a phone speaking OsmAnd registered as its device: returns the vehicle's id. */
export const createVehicleWithPhone = async (page: Page, { name, vin, device }: { name: string; vin: string; device: string }) => {
  await page.goto("/vehicles/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("VIN").fill(vin);
  await page.getByRole("button", { name: "Create vehicle" }).click();
  await page.waitForURL(/\/vehicles\?saved=/);
  const vehicleId = new URL(page.url()).searchParams.get("saved")!;
  await page.goto("/devices");
  await page.getByRole("button", { name: "Register device" }).click();
  const register = page.getByRole("form", { name: "Register device" });
  await register.getByLabel("Identifier").fill(device);
  await register.getByLabel("Model").selectOption("osmand");
  await register.getByLabel("Vehicle").selectOption({ label: name });
  await register.getByRole("button", { name: "Register device" }).click();
  await expect(page.getByRole("main").getByText(device)).toBeVisible();
  return vehicleId;
};

const CHICAGO = { lat: 41.88, lon: -87.63 };
const MINUTE = 60_000;

/** One OsmAnd point from a truck's phone, stamped `time` (the device's clock), `north` degrees north of Chicago: speed in knots. */
export const sendOsmAndPoint = async (request: APIRequestContext, device: string, { time, north, knots }: { time: number; north: number; knots: number }) => {
  const query = new URLSearchParams({ id: device, lat: String(CHICAGO.lat + north), lon: String(CHICAGO.lon), timestamp: String(time), speed: String(knots) });
  expect((await request.post(`/ingest/osmand?${query}`)).status()).toBe(200);
};

/**
 * The driver's logbook shows the Driving the truck's motion wrote, without a tap: the automatic-driving processor runs
 * every few seconds, and on a loaded 2-core CI machine a window can take longer.
 */
export const expectAutomaticDriving = (driver: Page) => expect(driver.getByTestId("current-status")).toContainText("Driving", { timeout: 45_000 });

/**
 * A short drive from `north` at `start` (the logbook's automatic Driving follows it), then, after `whileDriving`, a stand
 * whose second point is stamped 5 minutes on: a test cannot wait them out, and telemetry accepts device clocks ahead.
 */
export const driveThenStand = async (
  request: APIRequestContext,
  device: string,
  { start, north, whileDriving }: { start: number; north: number; whileDriving: () => Promise<void> },
) => {
  await sendOsmAndPoint(request, device, { time: start, north, knots: 0 });
  await sendOsmAndPoint(request, device, { time: start + 500, north: north + 0.0002, knots: 30 });
  await sendOsmAndPoint(request, device, { time: start + 1_000, north: north + 0.0004, knots: 30 });
  await whileDriving();
  await sendOsmAndPoint(request, device, { time: start + 1_500, north: north + 0.0004, knots: 0 });
  await sendOsmAndPoint(request, device, { time: start + 1_500 + 5 * MINUTE + 1_000, north: north + 0.0004, knots: 0 });
};
