import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, drivers } from "@/db/schema";
import { listDriverTrailerAssignments } from "@/lib/fleet/trailers";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { actAsDriver, formOf, nextCacheMock, nextHeadersMock } from "../../helpers/server-action-session";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

// Imported after the mocks are in place.
const { pickTrailerAction, dropTrailerAction } = await import("@/app/logbook/actions");

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});

const signInAs = async (driverId: number) => {
  const [driver] = await database().db.select().from(drivers).where(eq(drivers.id, driverId));
  await actAsDriver({
    driverId,
    name: driver.name,
    username: driver.username,
    companyId: driver.companyId,
    companyName: "Demo Fleet",
    dataset: driver.dataset,
    sessionVersion: driver.sessionVersion,
  });
};
const pulledBy = async (driverId: number) =>
  listDriverTrailerAssignments({ db: database().db, companyId: fixture.demo.companyId, dataset: fixture.demo.dataset, driverIds: [driverId], limit: 50 });

describe("the logbook's trailer picker", () => {
  it("a driver picks trailers they pull (taking one from another driver), audited as theirs, and drops their own only", async () => {
    const { db } = database();
    const [owner, other, me] = fixture.demo.driverIds;
    await signInAs(me);

    expect(await pickTrailerAction(null, formOf({ trailerId: String(fixture.demo.trailerIds[5]) }))).toMatchObject({ ok: true });
    // Trailer 0 is pulled by the first driver: picking it ends their coupling.
    expect(await pickTrailerAction(null, formOf({ trailerId: String(fixture.demo.trailerIds[0]) }))).toMatchObject({ ok: true });
    const mine = await pulledBy(me);
    expect(mine.map((row) => [row.trailerId, row.source])).toEqual([
      [fixture.demo.trailerIds[5], "logbook"],
      [fixture.demo.trailerIds[0], "logbook"],
    ]);
    expect((await pulledBy(owner)).map((row) => row.trailerId)).not.toContain(fixture.demo.trailerIds[0]);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "trailer_assignment.created"), eq(auditEvents.targetId, String(mine[1].id))))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorType: "driver", actorId: String(me) });

    // Another driver's assignment, a vehicle and another company's trailer are not the driver's to change.
    const othersAssignment = (await pulledBy(other))[0];
    expect(await dropTrailerAction(null, formOf({ assignmentId: String(othersAssignment.id) }))).toMatchObject({ ok: false });
    expect(await pulledBy(other)).toHaveLength(1);
    expect(await pickTrailerAction(null, formOf({ trailerId: String(fixture.demo.vehicleIds[0]) }))).toMatchObject({ ok: false });
    expect(await pickTrailerAction(null, formOf({ trailerId: String(fixture.other.trailerIds[1]) }))).toMatchObject({ ok: false });

    expect(await dropTrailerAction(null, formOf({ assignmentId: String(mine[0].id) }))).toMatchObject({ ok: true, message: "Trailer dropped." });
    expect((await pulledBy(me)).map((row) => row.trailerId)).toEqual([fixture.demo.trailerIds[0]]);
  });
});
