import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as proposalsRoute from "@/app/fleet/carrier-proposed-assignments/route";
import { auditEvents } from "@/db/schema";
import { answerProposal, findVehicleForDriver, showDriverProposal } from "@/lib/fleet/assignments";
import { operatorActor } from "@/lib/platform/audit";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type Proposal = { id: string; driver: { id: string }; vehicle: { id: string; name: string }; trailers: { name: string }[]; [key: string]: unknown };
const PATH = "/fleet/carrier-proposed-assignments";
const propose = (body: Record<string, unknown>, key = fixture.demo.key) => callFleet(proposalsRoute.POST, PATH, { key, method: "POST", body });
const list = async (query = "", key = fixture.demo.key) =>
  ((await callFleet(proposalsRoute.GET, `${PATH}${query}`, { key })).body as { data: Proposal[] }).data;

describe("/fleet/carrier-proposed-assignments (issue 38, item 7)", () => {
  it("proposes a vehicle in Samsara's shape, lists it once active, and a new proposal replaces the driver's pending one", async () => {
    const driverId = String(fixture.demo.spareDriverIds[0]);
    const vehicleId = String(fixture.demo.vehicleIds.at(-1));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const future = await propose({ driverId, vehicleId, activeTime: later, trailerNames: ["Reefer 12"], shippingDocs: "BOL 4471" });
    expect(future.status).toBe(200);
    const created = (future.body as { data: Proposal }).data;
    expect(created).toEqual({
      id: created.id,
      driver: { id: driverId, name: expect.any(String) },
      vehicle: { id: vehicleId, name: expect.any(String) },
      trailers: [{ name: "Reefer 12" }],
      shippingDocs: "BOL 4471",
      activeTime: later,
    });
    // Not active yet: not listed now, listed at its activeTime.
    expect((await list(`?driverIds=${driverId}`)).map((p) => p.id)).toEqual([]);
    expect((await list(`?driverIds=${driverId}&activeTime=${later}`)).map((p) => p.id)).toEqual([created.id]);
    const now = (await propose({ driverId, vehicleId })).body as { data: Proposal };
    expect((await list(`?driverIds=${driverId}&activeTime=${later}`)).map((p) => p.id)).toEqual([now.data.id]);
    const audited = await database()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "carrier_proposal"), eq(auditEvents.targetId, now.data.id)));
    expect(audited.map((row) => row.action)).toEqual(["carrier_proposal.created"]);
  });

  it("the driver's logbook shows it (first seen) and the driver accepts it: assigned from now, no longer listed", async () => {
    const { db } = database();
    const tenant = { companyId: fixture.demo.companyId, dataset: fixture.demo.dataset };
    const driverId = fixture.demo.spareDriverIds[0];
    const vehicleId = fixture.demo.vehicleIds.at(-1)!;
    const { data } = (await propose({ driverId: String(driverId), vehicleId: String(vehicleId) })).body as { data: Proposal };
    const shown = await showDriverProposal({ db, ...tenant, driverId, now: new Date() });
    expect(shown).toMatchObject({ id: Number(data.id), vehicle: { id: vehicleId } });
    expect((await list(`?driverIds=${driverId}`))[0].firstSeenTime).toEqual(expect.any(String));
    await answerProposal({ db, ...tenant, driverId, proposalId: Number(data.id), accept: true, actor: operatorActor("test") });
    expect(await findVehicleForDriver({ db, ...tenant, driverId, at: new Date() })).toMatchObject({ id: vehicleId });
    expect(await list(`?driverIds=${driverId}`)).toEqual([]);
    expect(await showDriverProposal({ db, ...tenant, driverId, now: new Date() })).toBeNull();
    // Answered once: a second answer is a 404.
    await expect(answerProposal({ db, ...tenant, driverId, proposalId: Number(data.id), accept: false, actor: operatorActor("test") })).rejects.toThrow(
      /no longer waiting/,
    );
  });

  it("a rejected proposal stays listed with its rejectedTime; another driver cannot answer it", async () => {
    const { db } = database();
    const tenant = { companyId: fixture.demo.companyId, dataset: fixture.demo.dataset };
    const [driverId, otherDriver] = fixture.demo.spareDriverIds.slice(1, 3);
    const { data } = (await propose({ driverId: String(driverId), vehicleId: String(fixture.demo.vehicleIds[1]) })).body as { data: Proposal };
    const actor = operatorActor("test");
    await expect(answerProposal({ db, ...tenant, driverId: otherDriver, proposalId: Number(data.id), accept: true, actor })).rejects.toThrow(/no longer/);
    await answerProposal({ db, ...tenant, driverId, proposalId: Number(data.id), accept: false, actor });
    const [listed] = await list(`?driverIds=${driverId}`);
    expect(listed).toMatchObject({ id: data.id, rejectedTime: expect.any(String) });
    expect(listed.acceptedTime).toBeUndefined();
  });

  it("another company's driver or vehicle is a 404, trailerIds a 400 (no trailers yet), and lists are the company's own", async () => {
    const mine = { driverId: String(fixture.demo.spareDriverIds[0]), vehicleId: String(fixture.demo.vehicleIds[0]) };
    expect((await propose({ ...mine, driverId: String(fixture.other.driverIds[0]) })).status).toBe(404);
    expect((await propose({ ...mine, vehicleId: String(fixture.other.vehicleIds[0]) })).status).toBe(404);
    const trailers = await propose({ ...mine, trailerIds: ["1"] });
    expect(trailers.status).toBe(400);
    expect((trailers.body as { message: string }).message).toContain("trailerIds");
    expect((await propose({ ...mine, activeTime: "soon" })).status).toBe(400);
    const theirs = await list("", fixture.other.key);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((proposal) => fixture.other.driverIds.includes(Number(proposal.driver.id)))).toBe(true);
  });
});
