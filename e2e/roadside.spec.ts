import { expect, test } from "@playwright/test";
import { makeVin } from "../lib/runtime/seed/vin";
import { openEldTransferMail } from "../tests/helpers/eld-transfer-mail";
import { startFmcsaTestServices } from "../tests/helpers/fmcsa-test-services";
import { parseEldFile, type ParsedEldFile } from "../tests/hos/eld-file/eld-file-parser";
import { createVehicleWithPhone, driveThenStand, expectAutomaticDriving } from "./fleet-setup";
import { DEMO_ADMIN, screenshot, signInThroughForm } from "./helpers";
import { startOwnServer, type OwnServer } from "./own-server";

// A server of its own, set up as a registered ELD provider's (49 CFR 395 Appendix A 4.10): FMCSA's web service and
// e-mail address are local stand-ins that keep what they receive, so the test reads the file the inspector gets.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let services: Awaited<ReturnType<typeof startFmcsaTestServices>>;
let server: OwnServer | undefined;

test.use({ baseURL: ORIGIN, viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  services = await startFmcsaTestServices();
  server = await startOwnServer({
    port: PORT,
    env: { DEMO: "1", SIM_VEHICLES: "2", SIM_BACKFILL_DAYS: "0", AUTH_SECRET: "roadside-e2e-secret", ...services.env },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await services?.close();
});

/** Each ELD event's type and code (Appendix A 4.8.2.1.4: sequence, status, origin, type, code, …). */
const eventCodes = (file: ParsedEldFile) => (file.segments.get("ELD Event List:") ?? []).map((fields) => `${fields[3]}/${fields[4]}`);

test("a driver drives, is asked at the stop, certifies, and hands the inspector the ELD file by FMCSA's web service and by e-mail", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const device = `roadside-phone-${stamp}`;
  await signInThroughForm(page, DEMO_ADMIN);
  // The carrier's facts that head the file.
  await page.goto("/settings/company");
  await page.getByLabel("USDOT number").fill("1000003");
  await page.getByLabel("ELD registration id").fill("ZA10");
  await page.getByLabel("ELD identifier").fill("FLT001");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await createVehicleWithPhone(page, { name: "Roadside truck", vin: makeVin({ wmi: "1E2", seed: 8_000_001, year: 2024 }), device });
  await page.goto("/drivers/new");
  await page.getByLabel("Name", { exact: true }).fill("Rita Roadside");
  await page.getByLabel("Username", { exact: true }).fill("rita.roadside");
  await page.getByLabel("Logbook password or PIN").fill("583920");
  await page.getByLabel("License number").fill("IL0000042");
  await page.getByLabel("License state").fill("IL");
  await page.getByLabel("Home terminal time zone").fill("America/Chicago");
  await page.getByLabel("Assigned vehicle").selectOption({ label: "Roadside truck" });
  await page.getByRole("button", { name: "Create driver" }).click();
  await expect(page).toHaveURL(/\/drivers\/\d+\/edit\?created=1/);

  // The driver's phone.
  const driver = await (await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 } })).newPage();
  await driver.goto("/logbook/login?username=rita.roadside");
  await driver.getByLabel("Password or PIN").fill("583920");
  await driver.getByRole("button", { name: "Sign in" }).click();
  await expect(driver).toHaveURL(/\/logbook$/);
  await driver.getByRole("button", { name: "On Duty", exact: true }).click();
  await expect(driver.getByTestId("current-status")).toContainText("On Duty");

  // The truck moves: Driving without a tap. It stands 5 minutes (the point proving it is stamped so): the prompt
  // (Appendix A 4.4.1.2), which the driver answers by choosing On Duty.
  await driveThenStand(request, device, {
    start: Date.now(),
    north: 0,
    whileDriving: () => expectAutomaticDriving(driver),
  });
  const prompt = driver.getByRole("alertdialog", { name: "Are you still driving?" });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await driver.getByRole("button", { name: "On Duty", exact: true }).click();
  await expect(prompt).toHaveCount(0);
  await expect(driver.getByTestId("current-status")).toContainText("On Duty");

  await driver.getByRole("button", { name: "Certify today" }).click();
  await driver.getByRole("checkbox", { name: /^I hereby certify/ }).check();
  await driver.getByRole("button", { name: "Certify today" }).click();
  await expect(driver.getByTestId("certified")).toHaveText("You certified today.");

  // At the roadside: the inspector's comment, then the file to FMCSA both ways.
  await driver.goto("/logbook/roadside");
  await expect(driver.getByRole("heading", { level: 1 })).toHaveText("Roadside inspection");
  const handOver = driver.getByRole("form", { name: "ELD output file" });
  await handOver.getByLabel(/Output file comment/).fill("INSP 4711");
  await handOver.getByRole("button", { name: "Send to FMCSA (web service)" }).click();
  await expect(handOver.getByRole("status")).toContainText("sent by FMCSA's web service (as a test). FMCSA: Valid");
  await screenshot(driver, "roadside-sent-phone");
  const [submission] = services.webService.received;
  expect(submission).toMatchObject({
    ELDRegistrationId: "ZA10",
    ELDIdentifier: "FLT001",
    OutputFileComment: "INSP 4711",
    Test: true,
    clientName: "Test ELD Provider",
  });
  // Every line's and the file's check value verifies (the parser throws otherwise); the day's records are in it.
  const submitted = parseEldFile(submission.OutputFileBody);
  expect(eventCodes(submitted)).toEqual(expect.arrayContaining(["1/4", "1/3"]));
  expect(submitted.segments.get("Driver's Certification/Recertification Actions:")).toHaveLength(1);
  expect(submitted.segments.get("User List:")?.[0]).toEqual(expect.arrayContaining(["Roadside"]));

  await handOver.getByRole("button", { name: "Send to FMCSA (e-mail)" }).click();
  await expect(handOver.getByRole("status")).toContainText("sent by e-mail to FMCSA (as a test). Sent to eld@fmcsa.test");
  const fileName = (await handOver.getByRole("status").innerText()).split(" ")[0];
  const mail = services.mailbox.received.find((received) => received.to.includes("eld@fmcsa.test"))!;
  expect(mail.subject).toBe("TEST ELD records from ZA10:FLT001");
  const { fileText } = openEldTransferMail({ raw: mail.raw, fileName, fmcsaKey: services.fmcsa.key, providerCert: services.provider.cert });
  expect(eventCodes(parseEldFile(fileText))).toEqual(eventCodes(submitted));
});
