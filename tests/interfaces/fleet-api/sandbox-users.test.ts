import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import * as usersRoute from "@/app/users/route";
import * as userRoute from "@/app/users/[id]/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

// Users are the company's real people (the dashboard's), not sandbox data: a sandbox key must not
// invite an admin who would then sign in to the live fleet, nor demote or deactivate anyone.
describe("a sandbox (svc_test_) key and the company's users", () => {
  const invite = (key: string, email: string) =>
    callFleet(usersRoute.POST, "/users", {
      key,
      method: "POST",
      body: { authType: "default", name: "Integration admin", email, roles: [{ roleId: "admin" }] },
    });

  it("reads them, but adds, changes and deactivates none (403 naming the live key); a live key does", async () => {
    const { db } = database();
    expect((await callFleet(usersRoute.GET, "/users", { key: fixture.sandbox.key })).status).toBe(200);
    const refused = await invite(fixture.sandbox.key, "sandbox-invite@demo.test");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("live"), requestId: expect.any(String) });
    expect(await db.select().from(users).where(eq(users.email, "sandbox-invite@demo.test"))).toEqual([]);

    const [someone] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, fixture.demo.companyId), eq(users.role, "dispatcher")));
    const id = String(someone.id);
    const patch = await callFleet(userRoute.PATCH, `/users/${id}`, {
      key: fixture.sandbox.key,
      method: "PATCH",
      params: { id },
      body: { roles: [{ roleId: "admin" }] },
    });
    expect(patch.status).toBe(403);
    const remove = await callFleet(userRoute.DELETE, `/users/${id}`, { key: fixture.sandbox.key, method: "DELETE", params: { id } });
    expect(remove.status).toBe(403);
    expect((await db.select().from(users).where(eq(users.id, someone.id)))[0]).toMatchObject({ role: "dispatcher", status: someone.status });

    expect((await invite(fixture.demo.key, "live-invite@demo.test")).status).toBe(201);
  });
});
