import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companies, vehicles } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import type { FleetChanges } from "@/lib/dashboard/data/types";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { createLiveShare, listLiveShares, revokeLiveShare } from "@/lib/live/shares/manage-live-shares";
import { findOpenLiveShare, getSharedVehicle, openSharedStream } from "@/lib/live/shares/shared-position";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";
import { readServerSentEvents } from "../stream/sse-reader";

const database = useTestDatabase();
const actor = operatorActor("tests");

const setup = async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 3 });
  const fleetOf = (companyId: number) =>
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
  const [shared, notShared] = await fleetOf(demoCompanyId);
  const [otherVehicle] = await fleetOf(otherCompanyId);
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  let minute = 0;
  const base = Date.now() - 3_600_000;
  const report = async (vehicleId: number) => {
    const time = new Date(base + ++minute * 60_000);
    await writeTelemetry({
      db,
      ...tenant,
      positions: [{ vehicleId, time, latitude: 41.88, longitude: -87.63 }],
      stats: [{ vehicleId, time, fuelPercent: 50 }],
    });
    return time.toISOString();
  };
  return { db, tenant, shared, notShared, otherVehicle, report };
};

const positionsOf = (events: readonly { event: string; data: unknown }[]) =>
  events
    .filter((event) => event.event === "changes")
    .flatMap((event) => (event.data as FleetChanges).locations.map(({ id, location }) => `${id}@${location.time}`));

describe("live sharing links", () => {
  beforeAll(async () => startFleetEventBus({ database: database() }));
  afterAll(() => stopFleetEventBus());

  it("share one of the company's vehicles, audited; another company's vehicle is not found", async () => {
    const { db, tenant, shared, otherVehicle } = await setup();
    const share = await createLiveShare({ db, ...tenant, actor, input: { name: "Delivery to ACME", vehicleId: shared.id } });
    expect(share.token.startsWith(`${tenant.companyId}_`)).toBe(true);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), eq(auditEvents.action, "live_share.created")));
    expect(event).toMatchObject({ targetId: String(share.id) });
    await expect(createLiveShare({ db, ...tenant, actor, input: { name: "Not ours", vehicleId: otherVehicle.id } })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      createLiveShare({ db, ...tenant, actor, input: { name: "Past", vehicleId: shared.id, expiresAt: new Date(Date.now() - 1_000) } }),
    ).rejects.toMatchObject({ code: "bad_request" });
  });

  it("stream only the shared vehicle's positions, and stop the stream once the link is revoked", async () => {
    const { db, tenant, shared, notShared, report } = await setup();
    const share = await createLiveShare({ db, ...tenant, actor, input: { name: "Revoked soon", vehicleId: shared.id } });
    const { streamSeq, vehicleName } = await getSharedVehicle({ db, token: share.token });
    expect(vehicleName).toBe(shared.name);
    const controller = new AbortController();
    const stream = readServerSentEvents(await openSharedStream({ db, token: share.token, afterSeq: streamSeq, address: null, signal: controller.signal }));
    await report(notShared.id);
    const mine = `${shared.id}@${await report(shared.id)}`;
    expect(await stream.until(() => positionsOf(stream.received).includes(mine))).toBe(true);
    expect(positionsOf(stream.received)).toEqual([mine]);
    expect(stream.received.flatMap((event) => (event.event === "changes" ? (event.data as FleetChanges).stats : []))).toEqual([]);

    await revokeLiveShare({ db, ...tenant, actor, shareId: share.id });
    expect(await stream.until((event) => event.event === "end")).toBe(true);
    // And nothing after it: the stream is closed.
    expect(await stream.until(() => false)).toBe(false);
    await expect(getSharedVehicle({ db, token: share.token })).rejects.toMatchObject({ code: "not_found" });
    await expect(openSharedStream({ db, token: share.token, afterSeq: streamSeq, address: null, signal: controller.signal })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("stop an open stream when the link expires, and list only working links", async () => {
    const { db, tenant, shared } = await setup();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const share = await createLiveShare({ db, ...tenant, actor, input: { name: "One hour", vehicleId: shared.id, expiresAt } });
    let now = new Date();
    const { streamSeq } = await getSharedVehicle({ db, token: share.token, now });
    const stream = readServerSentEvents(
      await openSharedStream({ db, token: share.token, afterSeq: streamSeq, address: null, signal: new AbortController().signal, clock: () => now }),
    );
    now = new Date(expiresAt.getTime() + 1);
    expect(await stream.until((event) => event.event === "end")).toBe(true);
    expect(await findOpenLiveShare({ db, token: share.token, now })).toBeNull();
    const listed = (at: Date) => listLiveShares({ db, ...tenant, limit: 100, now: at }).then((rows) => rows.map((row) => row.id));
    expect(await listed(new Date())).toContain(share.id);
    expect(await listed(now)).not.toContain(share.id);
  });

  it("open the page's map on the shared vehicle, else on the company's home town, never on the rest of the fleet", async () => {
    const { db, tenant, notShared, report } = await setup();
    const [shared] = await db
      .insert(vehicles)
      .values({ ...tenant, name: "Never reported", vin: "1FTFW1E50PFA00001" })
      .returning();
    const share = await createLiveShare({ db, ...tenant, actor, input: { name: "Where is my parcel", vehicleId: shared.id } });
    await report(notShared.id);
    // No home town set: the world, not the other vehicle's position in Chicago (nor Chicago by default).
    expect(await getSharedVehicle({ db, token: share.token })).toMatchObject({ location: null, start: { basis: "world" } });
    await db.update(companies).set({ homeName: "Berlin, DE", homeLatitude: 52.52, homeLongitude: 13.405 }).where(eq(companies.id, tenant.companyId));
    const { location, start } = await getSharedVehicle({ db, token: share.token });
    expect(location).toBeNull();
    expect(start.basis).toBe("home");
    expect((start.south + start.north) / 2).toBeCloseTo(52.52, 5);
    expect((start.west + start.east) / 2).toBeCloseTo(13.405, 5);
    // Once it reports, the page opens on the vehicle itself.
    await report(shared.id);
    expect((await getSharedVehicle({ db, token: share.token })).location).toMatchObject({ latitude: 41.88, longitude: -87.63 });
  });

  it("find nothing for a malformed or made-up token", async () => {
    const { db, tenant } = await setup();
    expect(await findOpenLiveShare({ db, token: "nonsense" })).toBeNull();
    expect(await findOpenLiveShare({ db, token: `${tenant.companyId}_${"A".repeat(32)}` })).toBeNull();
  });
});
