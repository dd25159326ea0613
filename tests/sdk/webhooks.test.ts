import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "@/lib/outbound/webhooks/webhook-signature";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(204).end();
  });
});
let receiverUrl = "";

beforeAll(async () => {
  key = await mintKey();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/samsara`;
});
afterAll(() => {
  receiver.close();
});

describe("webhooks through the SDK", () => {
  it("postWebhooks, getWebhook, listWebhooks, patchWebhook and deleteWebhook, in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const created = await client.webhooks.postWebhooks({
      name: "SDK receiver",
      url: "https://receiver.example.invalid/hook",
      eventTypes: ["VehicleUpdated"],
      customHeaders: [{ key: "X-Source", value: "sdk" }],
    });
    expectSdkShape(created, "WebhooksPostWebhooksResponseBody");
    expect(created.secretKey.length).toBeGreaterThan(40);
    const read = await client.webhooks.getWebhook({ id: created.id });
    expectSdkShape(read, "WebhooksGetWebhookResponseBody");
    expect(read.secretKey).toBe(`********${created.secretKey.slice(-4)}`);
    const listed = await client.webhooks.listWebhooks({ ids: created.id });
    expectSdkShape(listed, "WebhooksListWebhooksResponseBody");
    expect(listed.data.map((webhook) => webhook.id)).toEqual([created.id]);
    const patched = await client.webhooks.patchWebhook({ id: created.id, name: "Renamed receiver" });
    expectSdkShape(patched, "WebhooksPatchWebhookResponseBody");
    expect(patched.name).toBe("Renamed receiver");
    await client.webhooks.deleteWebhook({ id: created.id });
    await expect(client.webhooks.getWebhook({ id: created.id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a driver updated through the SDK reaches a subscribed receiver, signed as Samsara signs", async () => {
    const { client } = createSdkClient(key);
    const webhook = await client.webhooks.postWebhooks({ name: "Local receiver", url: receiverUrl, eventTypes: ["DriverUpdated"] });
    const [driver] = (await client.drivers.list({ limit: 1 })).data;
    await client.drivers.update({ id: driver.id!, notes: `webhook ${Date.now()}` });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [delivery] = received;
    const payload = JSON.parse(delivery.body);
    expect(payload).toMatchObject({ eventType: "DriverUpdated", webhookId: webhook.id, data: { driver: { id: driver.id } } });
    expect(payload.eventId).toMatch(/^[0-9a-f-]{36}$/);
    const ok = verifyWebhookSignature({
      secret: webhook.secretKey,
      timestamp: Number(delivery.headers["x-samsara-timestamp"]),
      body: delivery.body,
      signature: String(delivery.headers["x-samsara-signature"]),
    });
    expect(ok).toBe(true);
    await client.webhooks.deleteWebhook({ id: webhook.id });
  });
});
