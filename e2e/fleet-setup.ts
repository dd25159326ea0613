import { expect, type Page } from "@playwright/test";

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
