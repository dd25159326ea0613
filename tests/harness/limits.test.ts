import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "@/lib/platform/config";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { operatorActor } from "@/lib/platform/audit";
import { createLiveShare } from "@/lib/live/shares/manage-live-shares";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { resetRateLimits } from "../helpers/fleet-request";
import { writeTelemetry } from "../helpers/telemetry";
import { useTestDatabase } from "../helpers/test-database";
import { readServerSentEvents } from "../live/stream/sse-reader";
import { expectErrorBody, type RouteAnswer } from "./call-route";
import { setupHarnessFixture, type HarnessFixture } from "./fixture";
import { ROUTE_REGISTRY, type RegisteredRoute } from "./registry";

/**
 * Issue 33, holes 4 and 13: what a client that holds connections open or sends costly requests gets
 * once it passes a limit — a 429 with Retry-After in the error contract — and that the limit lets
 * work in again once some ends.
 */
const database = useTestDatabase();
let fixture: HarnessFixture;
beforeAll(async () => {
  fixture = await setupHarnessFixture(database().db);
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

const limits = (values: Record<string, number>) => {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, String(value));
  reloadConfig();
};

const routeOf = (file: string) => ROUTE_REGISTRY.find((route) => route.file === file && route.method === "GET")!;
const shareStream = routeOf("app/share/[token]/stream/route.ts");
const fleetStream = routeOf("app/api/dashboard/fleet/stream/route.ts");
const alertsStream = routeOf("app/api/dashboard/alerts/stream/route.ts");

/** Calls a route and keeps a stream's body open (the caller cancels it). */
const open = async (
  route: RegisteredRoute,
  { path, params = {}, headers = {}, ip = "203.0.113.7" }: { path: string; params?: Record<string, string>; headers?: Record<string, string>; ip?: string },
) =>
  route.handler(new Request(`http://localhost${path}`, { headers: { [CLIENT_IP_HEADER]: ip, ...headers } }), {
    params: Promise.resolve(params),
  }) as Promise<Response>;

const answerOf = async (response: Response): Promise<RouteAnswer> => {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
};

const expectTooMany = async (response: Response) => {
  if (response.status !== 429) await response.body?.cancel();
  expect(response.status).toBe(429);
  const answer = await answerOf(response);
  expectErrorBody(answer, 429);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
};

const shareCall = (token: string) => ({ path: `/share/${token}/stream?after=0`, params: { token } });
const newShare = async () =>
  (
    await createLiveShare({
      db: database().db,
      companyId: fleet().companyId,
      dataset: "live",
      actor: operatorActor("limits"),
      input: { name: "Limits", vehicleId: fixture.demoVehicle.id },
    })
  ).token;
const fleet = () => fixture.fleet.demo;
const session = () => ({ cookie: fixture.sessionCookie });

describe("live streams (hole 4)", () => {
  beforeAll(async () => startFleetEventBus({ database: database() }));
  afterAll(() => stopFleetEventBus());

  it("a share link holds at most LIVE_STREAMS_PER_LINK open streams: the next gets 429 with Retry-After, and one closing lets another in", async () => {
    limits({ LIVE_STREAMS_PER_LINK: 2 });
    const token = await newShare();
    const held = [await open(shareStream, shareCall(token)), await open(shareStream, shareCall(token))];
    expect(held.map((response) => response.status)).toEqual([200, 200]);
    await expectTooMany(await open(shareStream, shareCall(token)));
    // Another link is not affected.
    const other = await open(shareStream, shareCall(await newShare()));
    expect(other.status).toBe(200);
    await held[0].body!.cancel();
    const again = await open(shareStream, shareCall(token));
    expect(again.status).toBe(200);
    for (const response of [held[1], other, again]) await response.body!.cancel();
  });

  it("one client address holds at most LIVE_STREAMS_PER_ADDRESS streams, whatever the links; another address is not affected", async () => {
    limits({ LIVE_STREAMS_PER_ADDRESS: 2 });
    const held = [await open(shareStream, shareCall(await newShare())), await open(shareStream, shareCall(await newShare()))];
    await expectTooMany(await open(shareStream, shareCall(await newShare())));
    const elsewhere = await open(shareStream, { ...shareCall(await newShare()), ip: "198.51.100.9" });
    expect(elsewhere.status).toBe(200);
    for (const response of [...held, elsewhere]) await response.body!.cancel();
  });

  it("the dashboard's streams (map and alert badge) count against LIVE_STREAMS_PER_USER and the address's cap too", async () => {
    limits({ LIVE_STREAMS_PER_USER: 2 });
    const held = [
      await open(fleetStream, { path: `/api/dashboard/fleet/stream?after=${fixture.streamSeq}`, headers: session() }),
      await open(alertsStream, { path: "/api/dashboard/alerts/stream", headers: session() }),
    ];
    expect(held.map((response) => response.status)).toEqual([200, 200]);
    await expectTooMany(await open(fleetStream, { path: `/api/dashboard/fleet/stream?after=${fixture.streamSeq}`, headers: session() }));
    await expectTooMany(await open(alertsStream, { path: "/api/dashboard/alerts/stream", headers: session() }));
    await held[1].body!.cancel();
    const again = await open(alertsStream, { path: "/api/dashboard/alerts/stream", headers: session() });
    expect(again.status).toBe(200);
    for (const response of [held[0], again]) await response.body!.cancel();
  });

  it("a share link's after=0 replays no more than LIVE_STREAM_REPLAY_CHANGES of the company's changes, and still streams what comes next", async () => {
    limits({ LIVE_STREAM_REPLAY_CHANGES: 5 });
    const { db } = database();
    const [, busy] = fleet().vehicleIds;
    // The shared vehicle's hour of positions is history; ten newer changes of another vehicle fill the replay window.
    await writeTelemetry({
      db,
      companyId: fleet().companyId,
      dataset: "live",
      positions: Array.from({ length: 10 }, (_, n) => ({ vehicleId: busy, time: new Date(Date.now() - 60_000 + n * 1_000), latitude: 41.9, longitude: -87.6 })),
    });
    const stream = readServerSentEvents((await open(shareStream, shareCall(await newShare()))).body!);
    const replayed = await Promise.race([
      stream.until((event) => event.event === "changes"),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_500)),
    ]);
    expect(replayed, JSON.stringify(stream.received).slice(0, 300)).toBe(false);
    const time = new Date();
    await writeTelemetry({
      db,
      companyId: fleet().companyId,
      dataset: "live",
      positions: [{ vehicleId: fixture.demoVehicle.id, time, latitude: 41.95, longitude: -87.65 }],
    });
    expect(await stream.until((event) => event.event === "changes")).toBe(true);
    await stream.cancel();
  });

  it(
    "the map's stream asked to resume further back than LIVE_STREAM_REPLAY_CHANGES ends at once (the map " + "then polls the change feeds, which page)",
    async () => {
      limits({ LIVE_STREAM_REPLAY_CHANGES: 5 });
      const stream = readServerSentEvents((await open(fleetStream, { path: "/api/dashboard/fleet/stream?after=0", headers: session() })).body!);
      expect(await stream.until((event) => event.event === "end" || event.event === "changes")).toBe(true);
      expect(stream.received[0].event).toBe("end");
      await stream.cancel();
    },
  );
});

const reportsExport = routeOf("app/(dashboard)/reports/export/route.ts");
const statsHistory = routeOf("app/fleet/vehicles/stats/history/route.ts");
const legacyAssets = routeOf("app/api/v1/assets/route.ts");
const clientKeyExchange = routeOf("app/api/v1/auth/route.ts");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const exportCall = (cookie: string, format = "csv") => ({
  path: `/reports/export?kind=trips&format=${format}&from=${day(-33)}&to=${day(0)}`,
  headers: { cookie },
});

describe("costly requests (hole 13)", () => {
  it("a user's report exports beyond HEAVY_REQUESTS_PER_USER at once get 429 with Retry-After; one finishing lets the next in", async () => {
    limits({ HEAVY_REQUESTS_PER_USER: 1 });
    // The first export's body is not read yet: it is still being sent.
    const first = await open(reportsExport, exportCall(fixture.sessionCookie));
    expect(first.status).toBe(200);
    await expectTooMany(await open(reportsExport, exportCall(fixture.sessionCookie, "xlsx")));
    expect((await first.text()).split("\n")[0]).toContain(",");
    const next = await open(reportsExport, exportCall(fixture.sessionCookie, "xlsx"));
    expect(next.status).toBe(200);
    expect(new Uint8Array(await next.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b])); // a zip: the workbook
  });

  it("the company's exports and long history requests share HEAVY_REQUESTS_PER_COMPANY, whoever sends them", async () => {
    limits({ HEAVY_REQUESTS_PER_COMPANY: 1 });
    const first = await open(reportsExport, exportCall(fixture.sessionCookie));
    expect(first.status).toBe(200);
    await expectTooMany(await open(reportsExport, exportCall(fixture.managerSessionCookie)));
    const longRange = `startTime=${new Date(Date.now() - 20 * 86_400_000).toISOString()}&endTime=${new Date().toISOString()}`;
    const history = (range: string) =>
      open(statsHistory, { path: `/fleet/vehicles/stats/history?types=engineRpm&${range}`, headers: { authorization: `Bearer ${fleet().key}` } });
    await expectTooMany(await history(longRange));
    // A short range is not a heavy request.
    const shortRange = `startTime=${new Date(Date.now() - 3_600_000).toISOString()}&endTime=${new Date().toISOString()}`;
    expect((await history(shortRange)).status).toBe(200);
    await first.body!.cancel();
    expect((await history(longRange)).status).toBe(200);
  });

  it("the legacy interface answers 429 with Retry-After past LEGACY_API_REQUESTS_PER_MINUTE per company, and X-RateLimit headers on every answer", async () => {
    await resetRateLimits(database().db);
    limits({ LEGACY_API_REQUESTS_PER_MINUTE: 3 });
    const call = () => open(legacyAssets, { path: "/api/v1/assets", headers: { authorization: `Bearer ${fixture.legacyToken}` } });
    const allowed = [await call(), await call(), await call()];
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(allowed.map((response) => response.headers.get("x-ratelimit-remaining"))).toEqual(["2", "1", "0"]);
    const refused = await call();
    expect(refused.headers.get("x-ratelimit-limit")).toBe("3");
    await expectTooMany(refused);
    // Another company's bucket is its own.
    expect((await open(legacyAssets, { path: "/api/v1/assets", headers: { authorization: `Bearer ${fixture.otherLegacyToken}` } })).status).toBe(200);
  });

  it("the ClientKey exchange answers 429 past CLIENT_KEY_EXCHANGES_PER_MINUTE from one address, right key or wrong", async () => {
    await resetRateLimits(database().db);
    limits({ CLIENT_KEY_EXCHANGES_PER_MINUTE: 2 });
    const exchange = (key: string, ip = "203.0.113.50") => open(clientKeyExchange, { path: "/api/v1/auth", headers: { "x-client-key": key }, ip });
    expect((await exchange("a-wrong-guess")).status).toBe(401);
    expect((await exchange("demo-client-key")).status).toBe(200);
    await expectTooMany(await exchange("demo-client-key"));
    expect((await exchange("demo-client-key", "198.51.100.77")).status).toBe(200);
  });
});
