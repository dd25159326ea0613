import { expect, test } from "@playwright/test";
import { makeVin } from "../lib/runtime/seed/vin";
import { DEMO_MANAGER, screenshot, signIn } from "./helpers";

const csvFile = (text: string) => ({ name: "fleet.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

test("a manager imports a CSV: the preview lists the bad row with its line, the fixed file imports, the vehicles are listed", async ({ page }) => {
  const seed = Date.now() % 1_000_000;
  const vins = [0, 1, 2].map((i) => makeVin({ wmi: "1E2", seed: 3_000_000 + seed * 3 + i, year: 2024 }));
  const broken = `${vins[1].slice(0, 8)}${vins[1][8] === "1" ? "2" : "1"}${vins[1].slice(9)}`;
  const rows = (second: string) =>
    [
      "name,vin,licensePlate,make,tags",
      `E2E ${seed} A,${vins[0]},IL A,Volvo,North depot`,
      `E2E ${seed} B,${second},IL B,Volvo,`,
      `E2E ${seed} C,${vins[2]},IL C,Volvo,South depot`,
    ].join("\n");

  await signIn(page, DEMO_MANAGER, "/vehicles");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await page.getByLabel("CSV file").setInputFiles(csvFile(rows(broken)));
  const problems = page.getByTestId("csv-problems");
  await expect(problems).toContainText("3");
  await expect(problems).toContainText("check digit");
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  await screenshot(page, "vehicle-import-bad-row");

  await page.getByLabel("CSV file").setInputFiles(csvFile(rows(vins[1])));
  await expect(page.getByTestId("csv-preview")).toContainText("3 vehicles, all valid; 3 new");
  await page.getByRole("button", { name: "Import 3 vehicles" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported:" })).toContainText("Imported: 3 new vehicles, 0 updated.");

  await page.goto(`/vehicles?q=E2E ${seed}`);
  const table = page.getByRole("main").getByTestId("vehicles-table");
  for (const vin of vins) await expect(table.getByTestId(`vehicle-row-${vin}`)).toBeVisible();
  await expect(table.getByTestId(`vehicle-row-${vins[0]}`)).toContainText("North depot");
  await screenshot(page, "vehicles-list");
});

test("a manager hands a vehicle to a driver from its edit page, sees it in the history, and ends the assignment", async ({ page }) => {
  await signIn(page, DEMO_MANAGER, "/vehicles");
  const row = page
    .getByRole("main")
    .getByTestId("vehicles-table")
    .locator("tbody tr")
    .filter({ has: page.locator('td[data-label="Driver"]:not(:has(.muted))') })
    .first();
  const driver = (await row.locator('td[data-label="Driver"]').textContent())!.trim();
  await row.getByRole("link", { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/vehicles\/\d+\/edit/);
  const main = page.getByRole("main");
  const form = main.getByRole("form", { name: /^Assign a driver to / });
  await form.getByLabel("Driver", { exact: true }).selectOption({ label: driver });
  await form.getByRole("button", { name: "Assign from now" }).click();
  await expect(main.getByRole("status").filter({ hasText: "from now" })).toContainText(`${driver} assigned to`);
  await expect(main.getByTestId("assigned-now")).toHaveText(`Now driven by ${driver} (assigned).`);
  await expect(main.getByTestId("assignment-history").locator("tbody tr").first()).toContainText("ongoing");
  await screenshot(page, "vehicle-assignment");
  await form.getByRole("button", { name: `End assignment of ${driver}` }).click();
  await expect(main.getByTestId("assigned-now")).toHaveText(`Now driven by ${driver} (static assignment, the default).`);
});
