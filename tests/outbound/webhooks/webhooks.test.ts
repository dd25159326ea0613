import dns from "node:dns";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, webhookDeliveries, webhooks } from "@/db/schema";
import * as webhooksRoute from "@/app/webhooks/route";
import * as webhookRoute from "@/app/webhooks/[id]/route";
import { reloadConfig } from "@/lib/platform/config";
import { operatorActor } from "@/lib/platform/audit";
import { updateDriver } from "@/lib/fleet/drivers";
import { createWebhook } from "@/lib/outbound/webhooks/manage-webhooks";
import { deliverDueWebhooks } from "@/lib/outbound/webhooks/deliver-webhooks";
import type { PostWebhook } from "@/lib/outbound/webhooks/pinned-post";
import { enqueueWebhookEvents } from "@/lib/outbound/webhooks/enqueue-webhook-event";
import { listWebhookDeliveries, redeliverWebhookDelivery } from "@/lib/outbound/webhooks/webhook-delivery-log";
import { sendWebhookTestEvent } from "@/lib/outbound/webhooks/send-test-event";
import { TIMESTAMP_HEADER, SIGNATURE_HEADER, verifyWebhookSignature } from "@/lib/outbound/webhooks/webhook-signature";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

const post = (body: unknown) => callFleet(webhooksRoute.POST, "/webhooks", { key: fixture.demo.key, method: "POST", body });
type WebhookBody = { id: string; secretKey: string; url: string; eventTypes?: string[]; message?: string };

describe("POST /webhooks and reads", () => {
  it("returns the signing secret in full once; later reads carry it masked", async () => {
    const created = await post({ name: "Dispatch system", url: "https://dispatch.example.invalid/samsara", eventTypes: ["DriverUpdated"] });
    expect(created.status).toBe(200);
    const body = created.body as WebhookBody;
    expect(body.secretKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const read = await callFleet(webhookRoute.GET, `/webhooks/${body.id}`, { key: fixture.demo.key, params: { id: body.id } });
    expect(read.body).toMatchObject({
      id: body.id,
      url: "https://dispatch.example.invalid/samsara",
      eventTypes: ["DriverUpdated"],
      secretKey: `********${body.secretKey.slice(-4)}`,
    });
  });

  it("shows custom header values in full once; reads mask them; a PATCH that sends the masked value back keeps the real one", async () => {
    const headers = [
      { key: "Authorization", value: "Bearer receiver-credential-7Kq2" },
      { key: "X-Tenant", value: "acme" },
    ];
    const created = await post({ name: "Credentialed receiver", url: "https://dispatch.example.invalid/with-headers", customHeaders: headers });
    const body = created.body as WebhookBody & { customHeaders: { key: string; value: string }[] };
    expect(body.customHeaders).toEqual(headers);
    const masked = [
      { key: "Authorization", value: "********7Kq2" },
      { key: "X-Tenant", value: "********" },
    ];
    const read = await callFleet(webhookRoute.GET, `/webhooks/${body.id}`, { key: fixture.demo.key, params: { id: body.id } });
    expect(read.body).toMatchObject({ customHeaders: masked });
    const listed = await callFleet(webhooksRoute.GET, `/webhooks?ids=${body.id}`, { key: fixture.demo.key });
    expect(JSON.stringify(listed.body)).not.toContain("receiver-credential");
    expect(JSON.stringify(listed.body)).not.toContain("acme");
    const patched = await callFleet(webhookRoute.PATCH, `/webhooks/${body.id}`, {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id: body.id },
      body: { name: "Renamed", customHeaders: [...masked, { key: "X-New", value: "fresh" }] },
    });
    expect(patched.status).toBe(200);
    const [stored] = await database()
      .db.select()
      .from(webhooks)
      .where(eq(webhooks.id, Number(body.id)));
    expect(stored.customHeaders).toEqual([...headers, { key: "X-New", value: "fresh" }]);
  });

  it.each([
    ["ftp://files.example.com/hook", "http or https"],
    ["not a url", "not a valid URL"],
    ["http://127.0.0.1:8080/hook", "127.0.0.1"],
    ["http://[::1]/hook", "::1"],
    ["http://10.1.2.3/hook", "10.1.2.3"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["http://100.64.0.1/hook", "100.64.0.1"],
    ["https://user:pass@hooks.example.com/", "credentials"],
  ])("refuses %s with a 400 naming url", async (url, reason) => {
    const response = await post({ name: "Bad", url });
    expect(response.status).toBe(400);
    expect((response.body as WebhookBody).message).toContain('"url"');
    expect((response.body as WebhookBody).message).toContain(reason);
  });

  it("says how to allow a private target when it refuses one", async () => {
    const response = await post({ name: "On the LAN", url: "http://192.168.1.20/hook" });
    expect((response.body as WebhookBody).message).toContain("WEBHOOK_ALLOW_PRIVATE_TARGETS=1");
  });

  it("refuses a name that resolves to a private address, accepts one that does not resolve yet", async () => {
    const { db } = database();
    const tenant = { companyId: fixture.demo.companyId, dataset: "live" as const };
    const actor = operatorActor("tests");
    await expect(
      createWebhook({
        db,
        ...tenant,
        actor,
        input: { name: "Sneaky", url: "https://internal.example.com/" },
        resolve: async () => ["93.184.215.14", "192.168.1.20"],
      }),
    ).rejects.toMatchObject({ code: "bad_request" });
    await expect(
      createWebhook({ db, ...tenant, actor, input: { name: "Public", url: "https://public.example.com/" }, resolve: async () => ["93.184.215.14"] }),
    ).resolves.toMatchObject({ url: "https://public.example.com/" });
    await expect(
      createWebhook({
        db,
        ...tenant,
        actor,
        input: { name: "Later", url: "https://not-yet.example.com/" },
        resolve: async () => Promise.reject(new Error("ENOTFOUND")),
      }),
    ).resolves.toBeTruthy();
  });
});

describe("delivery", () => {
  type Received = { headers: IncomingHttpHeaders; body: string };
  const received: Received[] = [];
  let answer = 200;
  let server: Server;
  let receiverUrl = "";

  beforeAll(async () => {
    // The fixture's receivers (unresolvable names) would take every sandbox event too.
    await database()
      .db.update(webhooks)
      .set({ deletedAt: new Date() })
      .where(and(eq(webhooks.companyId, fixture.sandbox.companyId), eq(webhooks.dataset, "test")));
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "1");
    reloadConfig();
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
    reloadConfig();
  });

  const tenant = () => ({ companyId: fixture.sandbox.companyId, dataset: "test" as const });
  const renameDriver = (name: string, driverId = fixture.sandbox.driverIds[0]) =>
    updateDriver({ db: database().db, ...tenant(), driverId, input: { name }, actor: operatorActor("tests") });
  const deliveriesOf = (webhookId: number) =>
    database()
      .db.select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, fixture.sandbox.companyId), eq(webhookDeliveries.webhookId, webhookId)))
      .orderBy(webhookDeliveries.id);

  it("signs each delivery as a receiver verifies it, with the event's stable id; retries a failure with the same id", async () => {
    const webhook = await createWebhook({
      db: database().db,
      ...tenant(),
      actor: operatorActor("tests"),
      input: { name: "Receiver", url: receiverUrl, eventTypes: ["DriverUpdated"], customHeaders: [{ key: "X-Tenant", value: "acme" }] },
    });
    received.length = 0;
    answer = 503;
    await renameDriver("Dana Retry");
    expect(await deliverDueWebhooks({ db: database().db })).toEqual({ attempted: 1, succeeded: 0 });
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, responseStatus: 503 });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    answer = 200;
    const later = () => new Date(Date.now() + 3_600_000);
    expect(await deliverDueWebhooks({ db: database().db, now: later })).toEqual({ attempted: 1, succeeded: 1 });
    const [first, second] = received;
    expect(JSON.parse(second.body).eventId).toBe(JSON.parse(first.body).eventId);
    const payload = JSON.parse(second.body);
    expect(payload).toMatchObject({
      eventType: "DriverUpdated",
      webhookId: String(webhook.id),
      data: { driver: { id: String(fixture.sandbox.driverIds[0]), name: "Dana Retry" } },
    });
    expect(second.headers["x-tenant"]).toBe("acme");
    const timestamp = Number(second.headers[TIMESTAMP_HEADER.toLowerCase()]);
    const signature = String(second.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(verifyWebhookSignature({ secret: webhook.secretKey, timestamp, body: second.body, signature })).toBe(true);
    expect(verifyWebhookSignature({ secret: webhook.secretKey, timestamp, body: second.body.replace("Dana", "Eve"), signature })).toBe(false);
    expect(verifyWebhookSignature({ secret: webhook.secretKey, timestamp, body: second.body, signature, nowSeconds: timestamp + 3600 })).toBe(false);
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200 });
  });

  it("keeps one driver's events in order: the second waits while the first is retried", async () => {
    const webhook = await createWebhook({ db: database().db, ...tenant(), actor: operatorActor("tests"), input: { name: "Ordered", url: receiverUrl } });
    const driverId = fixture.sandbox.driverIds[1];
    received.length = 0;
    answer = 500;
    await renameDriver("First name", driverId);
    await renameDriver("Second name", driverId);
    await deliverDueWebhooks({ db: database().db, now: () => new Date(Date.now() + 7_200_000) });
    const names = () => received.filter((r) => JSON.parse(r.body).webhookId === String(webhook.id)).map((r) => JSON.parse(r.body).data.driver.name);
    expect(names()).toEqual(["First name"]);
    answer = 200;
    await deliverDueWebhooks({ db: database().db, now: () => new Date(Date.now() + 14_400_000) });
    await deliverDueWebhooks({ db: database().db, now: () => new Date(Date.now() + 14_400_000) });
    expect(names()).toEqual(["First name", "First name", "Second name"]);
  });

  it("an instance killed mid-delivery loses nothing: after the lease the event goes again, same id", async () => {
    const webhook = await createWebhook({ db: database().db, ...tenant(), actor: operatorActor("tests"), input: { name: "Crash", url: receiverUrl } });
    await renameDriver("Crash test", fixture.sandbox.driverIds[2]);
    let seen: string | undefined;
    // The "killed" instance: its request reaches nobody and never ends (until its own time limit).
    const hanging: PostWebhook = ({ body, signal }) =>
      new Promise((_, reject) => {
        seen = body;
        signal.addEventListener("abort", () => reject(new Error("aborted")));
      });
    void deliverDueWebhooks({ db: database().db, post: hanging }).catch(() => undefined);
    await vi.waitFor(() => expect(seen).toBeDefined());
    received.length = 0;
    answer = 200;
    expect((await deliverDueWebhooks({ db: database().db })).attempted).toBe(0);
    await deliverDueWebhooks({ db: database().db, now: () => new Date(Date.now() + 61_000) });
    const redelivered = received.find((r) => JSON.parse(r.body).webhookId === String(webhook.id));
    expect(JSON.parse(redelivered!.body).eventId).toBe(JSON.parse(seen!).eventId);
  });

  it("refuses, at delivery, a target that now resolves to a private address", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "0");
    reloadConfig();
    try {
      const webhook = await createWebhook({
        db: database().db,
        ...tenant(),
        actor: operatorActor("tests"),
        input: { name: "Rebound", url: "https://rebound.example.invalid/hook" },
      });
      await renameDriver("Rebound", fixture.sandbox.driverIds[3]);
      await deliverDueWebhooks({ db: database().db, resolve: async () => ["127.0.0.1"] });
      const [delivery] = await deliveriesOf(webhook.id);
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
      expect(delivery.lastError).toContain("127.0.0.1");
    } finally {
      vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "1");
      reloadConfig();
    }
  });

  it("connects to the address it checked: a name re-pointed at loopback after the check never reaches it (DNS rebinding)", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "0");
    reloadConfig();
    // The attacker's DNS: a public address the first time (the check), loopback every time after.
    let lookups = 0;
    const answer = (host: string) => (host !== "rebind.example.invalid" ? "192.0.2.1" : lookups++ === 0 ? "93.184.215.14" : "127.0.0.1");
    vi.spyOn(dns, "lookup").mockImplementation(((host: string, options: unknown, callback: (...args: unknown[]) => void) => {
      const address = answer(host);
      if ((options as { all?: boolean }).all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    }) as unknown as typeof dns.lookup);
    const connectedTo: string[] = [];
    const recordConnection: PostWebhook = async ({ address }) => {
      connectedTo.push(address);
      return { status: 204 };
    };
    try {
      const url = `http://rebind.example.invalid:${new URL(receiverUrl).port}/hook`;
      const webhook = await createWebhook({
        db: database().db,
        ...tenant(),
        actor: operatorActor("tests"),
        input: { name: "Rebinding", url },
        resolve: async () => ["93.184.215.14"],
      });
      received.length = 0;
      await renameDriver("Rebinding", fixture.sandbox.driverIds[5]);
      await deliverDueWebhooks({ db: database().db, resolve: async (host) => [answer(host)], post: recordConnection });
      expect(received.filter((r) => JSON.parse(r.body).webhookId === String(webhook.id))).toEqual([]);
      expect(connectedTo).toEqual(["93.184.215.14"]);
    } finally {
      vi.restoreAllMocks();
      vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "1");
      reloadConfig();
    }
  });

  it("lists deliveries for the log and sends one again on request, same event id, audited", async () => {
    const webhook = await createWebhook({ db: database().db, ...tenant(), actor: operatorActor("tests"), input: { name: "Log", url: receiverUrl } });
    answer = 200;
    await renameDriver("Logged", fixture.sandbox.driverIds[4]);
    await deliverDueWebhooks({ db: database().db });
    const [entry] = await listWebhookDeliveries({ db: database().db, ...tenant(), webhookId: webhook.id });
    expect(entry).toMatchObject({ webhookName: "Log", eventType: "DriverUpdated", status: "succeeded", attempts: 1, responseStatus: 200 });
    expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    received.length = 0;
    await redeliverWebhookDelivery({ db: database().db, ...tenant(), deliveryId: entry.id, actor: operatorActor("tests") });
    await deliverDueWebhooks({ db: database().db });
    expect(received.map((r) => JSON.parse(r.body).eventId)).toContain(entry.eventId);
    const [audit] = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, fixture.sandbox.companyId), eq(auditEvents.action, "webhook.redelivered")));
    expect(audit).toMatchObject({ targetType: "webhook", targetId: String(webhook.id) });
    await expect(
      redeliverWebhookDelivery({ db: database().db, companyId: fixture.other.companyId, dataset: "live", deliveryId: entry.id, actor: operatorActor("tests") }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("sends a test event (Ping) to the one webhook asked for, whatever it subscribes to, signed like any event, audited", async () => {
    const { db } = database();
    const actor = operatorActor("tests");
    const webhook = await createWebhook({ db, ...tenant(), actor, input: { name: "Tested", url: receiverUrl, eventTypes: ["AlertIncident"] } });
    const bystander = await createWebhook({ db, ...tenant(), actor, input: { name: "Bystander", url: receiverUrl } });
    answer = 200;
    received.length = 0;
    const { eventId } = await sendWebhookTestEvent({ db, ...tenant(), webhookId: webhook.id, actor });
    await deliverDueWebhooks({ db });
    const pings = received.filter((r) => JSON.parse(r.body).eventId === eventId);
    expect(pings.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ eventType: "Ping", webhookId: String(webhook.id), data: { message: expect.stringContaining("Tested") } }),
    ]);
    const [ping] = pings;
    const timestamp = Number(ping.headers[TIMESTAMP_HEADER.toLowerCase()]);
    expect(
      verifyWebhookSignature({ secret: webhook.secretKey, timestamp, body: ping.body, signature: String(ping.headers[SIGNATURE_HEADER.toLowerCase()]) }),
    ).toBe(true);
    expect(await deliveriesOf(bystander.id)).toEqual([]);
    const [entry] = await listWebhookDeliveries({ db, ...tenant(), webhookId: webhook.id });
    expect(entry).toMatchObject({ eventType: "Ping", status: "succeeded", responseStatus: 200 });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, fixture.sandbox.companyId), eq(auditEvents.action, "webhook.tested")));
    expect(audit).toMatchObject({ targetType: "webhook", targetId: String(webhook.id) });
    await expect(sendWebhookTestEvent({ db, companyId: fixture.other.companyId, dataset: "live", webhookId: webhook.id, actor })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("a receiver down for an hour gets every event when it returns: in order per vehicle, same event ids", async () => {
    const { db } = database();
    const webhook = await createWebhook({
      db,
      ...tenant(),
      actor: operatorActor("tests"),
      input: { name: "Down for an hour", url: receiverUrl, eventTypes: ["AlertIncident"] },
    });
    const vehicleKeys = ["vehicle:1", "vehicle:2", "vehicle:3"];
    const events = [0, 1, 2, 3].flatMap((sequence) =>
      vehicleKeys.map((orderingKey) => ({ eventType: "AlertIncident" as const, orderingKey, data: { vehicle: orderingKey, sequence } })),
    );
    await enqueueWebhookEvents({ db, ...tenant(), events });
    const enqueued = new Map(
      (await deliveriesOf(webhook.id)).map((row) => [
        `${(row.payload as { data: { vehicle: string; sequence: number } }).data.vehicle}#${(row.payload as { data: { sequence: number } }).data.sequence}`,
        row.eventId,
      ]),
    );
    const ours = () => received.map((r) => JSON.parse(r.body)).filter((body) => body.webhookId === String(webhook.id));
    const pass = (minutes: number) => deliverDueWebhooks({ db, now: () => new Date(start + minutes * 60_000) });
    const start = Date.now();
    received.length = 0;
    answer = 503;
    for (let minutes = 0; minutes <= 60; minutes += 5) await pass(minutes);
    // Down: each vehicle's first event was tried (and retried, backing off); the later ones wait behind it.
    expect(new Set(ours().map((body) => body.data.sequence))).toEqual(new Set([0]));
    const triedIds = new Set(ours().map((body) => body.eventId));

    received.length = 0;
    answer = 200;
    // Back: passes every 5 minutes until nothing is pending (the longest backoff is 1.5 h).
    for (let minutes = 65; minutes <= 300 && (await deliveriesOf(webhook.id)).some((row) => row.status === "pending"); minutes += 5) await pass(minutes);
    expect((await deliveriesOf(webhook.id)).every((row) => row.status === "succeeded")).toBe(true);
    const delivered = ours();
    expect(delivered).toHaveLength(events.length);
    for (const key of vehicleKeys) expect(delivered.filter((body) => body.data.vehicle === key).map((body) => body.data.sequence)).toEqual([0, 1, 2, 3]);
    for (const body of delivered) expect(body.eventId).toBe(enqueued.get(`${body.data.vehicle}#${body.data.sequence}`));
    for (const id of triedIds) expect(delivered.map((body) => body.eventId)).toContain(id);
  });
});
