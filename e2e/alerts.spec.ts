import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { DEMO_ADMIN, screenshot } from "./helpers";
import { signedInTest } from "./signed-in";

const test = signedInTest(DEMO_ADMIN);

type Delivery = { headers: IncomingHttpHeaders; body: string };

/** A local webhook receiver that keeps every POST it is sent. */
const startReceiver = async () => {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() };
};

/** What a receiver does with Samsara's scheme: HMAC-SHA256 keyed with the base64-decoded secret over `v1:<timestamp>:<body>`. */
const verified = (delivery: Delivery, secret: string) => {
  const timestamp = String(delivery.headers["x-samsara-timestamp"]);
  const expected = Buffer.from(`v1=${createHmac("sha256", Buffer.from(secret, "base64")).update(`v1:${timestamp}:${delivery.body}`).digest("hex")}`);
  const signature = Buffer.from(String(delivery.headers["x-samsara-signature"]));
  return signature.length === expected.length && timingSafeEqual(signature, expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
};

test(
  "draw a place, make an entry rule; a vehicle drives in: the incident appears in the inbox without " + "reload and the receiver gets a verified delivery",
  async ({ page }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    const suffix = Date.now().toString(36);

    // A webhook to the local receiver; its secret is shown once.
    await page.goto("/settings/webhooks");
    await page.getByRole("button", { name: "Add webhook" }).click();
    const webhookForm = page.getByRole("form", { name: "Add webhook" });
    await webhookForm.getByLabel("Name").fill(`Dispatch ${suffix}`);
    await webhookForm.getByLabel("URL").fill(receiver.url);
    await webhookForm.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await page.getByTestId("new-webhook-secret").innerText()).trim();
    await page.getByRole("button", { name: "I have copied the secret" }).click();

    // A polygon drawn on the map with the drawing tools.
    await page.goto("/places");
    const placeName = `Yard ${suffix}`;
    await page.getByRole("button", { name: "Draw Polygon" }).click();
    const map = page.locator(".places-map");
    const box = (await map.boundingBox())!;
    const corner = (dx: number, dy: number) => ({ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy });
    for (const point of [corner(-60, -40), corner(60, -40), corner(60, 40), corner(-60, 40), corner(-60, -40)]) await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId("place-shape")).toHaveText("Polygon, 4 vertices");
    const placeForm = page.getByRole("form", { name: "New place" });
    await placeForm.getByLabel("Name").fill(placeName);
    await placeForm.getByLabel("Address").fill("Drawn in the test");
    await placeForm.getByRole("button", { name: "Save place" }).click();
    await expect(page.getByRole("list", { name: "Places" })).toContainText(placeName);
    const { places } = (await (await page.request.get("/api/dashboard/places")).json()) as {
      places: { name: string; vertices: { latitude: number; longitude: number }[] | null }[];
    };
    const vertices = places.find((place) => place.name === placeName)!.vertices!;
    const inside = {
      latitude: vertices.reduce((sum, v) => sum + v.latitude, 0) / vertices.length,
      longitude: vertices.reduce((sum, v) => sum + v.longitude, 0) / vertices.length,
    };

    // An entry rule for it.
    await page.goto("/alerts/rules");
    const ruleName = `Arrives at ${placeName}`;
    const ruleForm = page.getByRole("form", { name: "New rule" });
    await ruleForm.getByLabel("Name").fill(ruleName);
    await ruleForm.getByLabel("When a vehicle").selectOption("placeEntry");
    // Two places for one rule: the drawn one and the first listed.
    const placeList = ruleForm.getByRole("listbox", { name: "Places", exact: true });
    const otherPlace = (await placeList.locator("option").first().textContent())!;
    await placeList.selectOption([{ label: placeName }, { index: 0 }]);
    await ruleForm.getByRole("button", { name: "Create rule" }).click();
    const ruleRow = page.getByTestId("alert-rules").getByRole("row").filter({ hasText: ruleName });
    await expect(ruleRow).toContainText(placeName);
    await expect(ruleRow).toContainText(otherPlace);
    await expect(ruleRow.getByRole("button", { name: `Turn off ${ruleName}` })).toHaveText("Turn off");

    // The inbox is open while demo vehicle 1's phone reports from outside, then from inside the place. Its
    // times are ahead of the simulator's, so they are the vehicle's newest samples when the rule sees them.
    // No speed: a vehicle left "Moving" by a test while the simulator has it parked (a report every
    // 5 minutes) would be the map spec's moving vehicle, and stand still there.
    await page.goto("/alerts/inbox");
    await screenshot(page, "alerts-inbox-before");
    const report = (where: { latitude: number; longitude: number }, secondsAhead: number) =>
      page.request.post(`/ingest/osmand?id=demo-live-1&lat=${where.latitude}&lon=${where.longitude}&timestamp=${Math.floor(Date.now() / 1000) + secondsAhead}`);
    expect((await report({ latitude: inside.latitude + 0.5, longitude: inside.longitude }, 20)).status()).toBe(200);
    expect((await report(inside, 25)).status()).toBe(200);
    await expect(page.getByTestId("incident").filter({ hasText: ruleName })).toBeVisible({ timeout: 20_000 });
    await screenshot(page, "alerts-inbox-incident");

    await expect.poll(() => receiver.received.filter((delivery) => delivery.body.includes(placeName)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = receiver.received.find(
      (candidate) => (JSON.parse(candidate.body) as { eventType: string }).eventType === "AlertIncident" && candidate.body.includes(placeName),
    )!;
    expect(verified(delivery, secret)).toBe(true);
    expect(verified({ ...delivery, body: delivery.body.replace(placeName, "Elsewhere") }, secret)).toBe(false);
    receiver.close();
  },
);

test("make a harsh-event rule: the events and the least severity chosen are what the rule watches", async ({ page }) => {
  await page.goto("/alerts/rules");
  const ruleName = `Hard stops ${Date.now().toString(36)}`;
  const ruleForm = page.getByRole("form", { name: "New rule" });
  await ruleForm.getByLabel("Name").fill(ruleName);
  await ruleForm.getByLabel("When a vehicle").selectOption("harshEvent");
  // Braking, turns and crashes are chosen at first: turns left out.
  await ruleForm.getByRole("group", { name: "Events" }).getByLabel("Harsh turn").uncheck();
  await ruleForm.getByLabel("At least this severity").selectOption("moderate");
  await ruleForm.getByRole("button", { name: "Create rule" }).click();
  const ruleRow = page.getByTestId("alert-rules").getByRole("row").filter({ hasText: ruleName });
  await expect(ruleRow).toContainText("Harsh event: harsh braking, crash (moderate or worse)");
});
