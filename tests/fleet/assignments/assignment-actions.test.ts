import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, drivers, driverVehicleAssignments, users, vehicles } from "@/db/schema";
import { findDriverForVehicle } from "@/lib/fleet/assignments";
import { actAs, nextCacheMock, nextHeadersMock } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

// Imported after the mocks are in place (vi.mock is hoisted above static imports, not their values).
const { assignDriverAction, endAssignmentAction } = await import("@/app/(dashboard)/assignments/actions");

const database = useTestDatabase();
let demo = 0;
let other = 0;
const live = async (table: typeof vehicles | typeof drivers, companyId: number) =>
  (
    await database()
      .db.select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.dataset, "live")))
      .orderBy(asc(table.id))
  ).map((row) => row.id);

beforeAll(async () => {
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db: database().db, liveVehicles: 3 }));
});

const signInAs = async (email: string) => {
  const [user] = await database().db.select().from(users).where(eq(users.email, email));
  await actAs(user);
  return user;
};

describe("the vehicle page's assignment actions", () => {
  it("a manager assigns a driver to a vehicle from now and ends it: audited, and the static driver is the default again", async () => {
    const manager = await signInAs("manager@demo.test");
    const tenant = { db: database().db, companyId: demo, dataset: "live" as const };
    const [v0] = await live(vehicles, demo);
    const [d0, , d2] = await live(drivers, demo);
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v0, at: new Date() })).toMatchObject({ id: d0, assignmentId: null });

    expect(await assignDriverAction(v0, d2)).toEqual({ ok: true });
    const now = await findDriverForVehicle({ ...tenant, vehicleId: v0, at: new Date() });
    expect(now).toMatchObject({ id: d2, assignmentId: expect.any(Number) });
    const [created] = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "assignment.created"), eq(auditEvents.targetId, String(now!.assignmentId))));
    expect(created).toMatchObject({ companyId: demo, actorType: "user", actorId: String(manager.id) });

    expect(await endAssignmentAction(now!.assignmentId)).toEqual({ ok: true });
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v0, at: new Date(Date.now() + 1_000) })).toMatchObject({ id: d0, assignmentId: null });
  });

  it("refuses another company's vehicle or driver, crafted ids and a missing session, writing nothing", async () => {
    await signInAs("admin@demo.test");
    const [, v1] = await live(vehicles, demo);
    const [, d1] = await live(drivers, demo);
    const before = await database().db.select().from(driverVehicleAssignments);
    expect(await assignDriverAction((await live(vehicles, other))[0], d1)).toMatchObject({ ok: false, message: expect.stringMatching(/^No vehicle with id/) });
    expect(await assignDriverAction(v1, (await live(drivers, other))[0])).toMatchObject({ ok: false, message: expect.stringMatching(/^No driver with id/) });
    expect(await assignDriverAction("7", d1)).toEqual({ ok: false, message: "Give a numeric vehicle id.", fieldErrors: {} });
    await actAs(null);
    expect(await assignDriverAction(v1, d1)).toMatchObject({ ok: false, message: expect.stringContaining("Sign in again") });
    expect(await database().db.select().from(driverVehicleAssignments)).toEqual(before);
  });
});
