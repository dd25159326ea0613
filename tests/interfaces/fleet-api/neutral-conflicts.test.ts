import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postGateway } from "@/app/gateways/route";
import { GET as getUserRoute } from "@/app/users/[id]/route";
import { GET as getVehicleRoute, PATCH as patchVehicleRoute } from "@/app/fleet/vehicles/[id]/route";
import { DELETE as deleteTagRoute, GET as getTagRoute } from "@/app/tags/[id]/route";
import { GET as listUsers, POST as postUser } from "@/app/users/route";
import { auditEvents, tags, users, vehicles } from "@/db/schema";
import { createTestApiKey } from "../../helpers/api-keys";
import { callFleet } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demoKey = "";
let otherKey = "";
let readOnly = { key: "", id: "" };
let demo = 0;
let other = 0;

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 1 });
  demo = demoCompanyId;
  other = otherCompanyId;
  demoKey = (await createTestApiKey({ db, companyId: demoCompanyId })).key;
  otherKey = (await createTestApiKey({ db, companyId: otherCompanyId })).key;
  readOnly = await createTestApiKey({ db, companyId: demoCompanyId, scopes: ["users:read"] });
});

/** The answer as a client sees it, apart from the request's id. */
const answerOf = ({ status, body }: { status: number; body: { requestId?: string } }) => JSON.stringify({ status, body: { ...body, requestId: undefined } });

describe("409s that name no company (issue 33, hole 11)", () => {
  it("POST /users answers an e-mail of another company exactly as one of the caller's own company", async () => {
    const user = (email: string) => ({ authType: "default", email, name: "Someone", roles: [{ roleId: "dispatcher" }] });
    const own = await callFleet(postUser, "/users", { key: otherKey, method: "POST", body: user("admin@other.test") });
    const elsewhere = await callFleet(postUser, "/users", { key: otherKey, method: "POST", body: user("admin@demo.test") });
    expect(own.status).toBe(409);
    expect(answerOf(elsewhere)).toBe(answerOf({ ...own, body: { ...own.body, message: own.body.message.replace("admin@other.test", "admin@demo.test") } }));
    expect(elsewhere.body.message).not.toMatch(/Demo Fleet|another company/i);
  });

  it("POST /gateways answers a serial another company holds exactly as one of the caller's own", async () => {
    expect((await callFleet(postGateway, "/gateways", { key: demoKey, method: "POST", body: { serial: "held-serial-1" } })).status).toBe(201);
    const own = await callFleet(postGateway, "/gateways", { key: demoKey, method: "POST", body: { serial: "held-serial-1" } });
    const elsewhere = await callFleet(postGateway, "/gateways", { key: otherKey, method: "POST", body: { serial: "held-serial-1" } });
    expect(own.status).toBe(409);
    expect(answerOf(elsewhere)).toBe(answerOf(own));
  });
});

describe("API-key scope refusals in the audit log (issue 33, hole 14)", () => {
  it("records each refusal, one row per key, method and scope a minute with a count, never the key", async () => {
    for (let i = 0; i < 4; i++) {
      const refused = await callFleet(postUser, "/users", {
        key: readOnly.key,
        method: "POST",
        body: { authType: "default", email: `x${i}@demo.test`, name: "X", roles: [{ roleId: "dispatcher" }] },
      });
      expect(refused.status).toBe(403);
    }
    expect((await callFleet(listUsers, "/users", { key: readOnly.key })).status).toBe(200);
    const rows = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.action, "api_key.scope_denied")));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, row) => sum + row.repeatCount, 0)).toBe(4);
    expect(rows[0]).toMatchObject({ actorType: "api_key", actorId: readOnly.id, targetId: readOnly.id, reason: expect.stringContaining('"users:write"') });
    expect(JSON.stringify(rows)).not.toContain(readOnly.key);
  });
});

describe("another company's user ids in the owner's audit log (issue 33, hole 14)", () => {
  it(
    "records a 404 on another company's user id in that company's log, counted, naming neither caller nor " + "address; the caller's log stays empty of it",
    async () => {
      const [foreign] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, "admin@other.test"));
      for (let i = 0; i < 3; i++)
        expect((await callFleet(getUserRoute, `/users/${foreign.id}`, { key: demoKey, params: { id: String(foreign.id) } })).status).toBe(404);
      expect((await callFleet(getUserRoute, "/users/987654", { key: demoKey, params: { id: "987654" } })).status).toBe(404);
      const rows = await database().db.select().from(auditEvents).where(eq(auditEvents.action, "user.foreign_lookup"));
      expect(rows.every((row) => row.companyId === other && row.targetId === String(foreign.id) && row.actorIp === null && row.actorId === null)).toBe(true);
      expect(rows.reduce((sum, row) => sum + row.repeatCount, 0)).toBe(3);
    },
  );
});

describe("another company's record ids in the owner's audit log (issue 33, hole 14)", () => {
  it("answers GET and PATCH of another company's vehicle exactly as a missing one, and records them in the owner's log only", async () => {
    const [foreign] = await database()
      .db.insert(vehicles)
      .values({ companyId: other, dataset: "live", vin: "FOREIGNVIN0000001", name: "Theirs" })
      .returning({ id: vehicles.id });
    const missing = String(foreign.id + 100_000);
    const call = (handler: typeof getVehicleRoute, id: string, method = "GET") =>
      callFleet(handler, `/fleet/vehicles/${id}`, { key: demoKey, method, params: { id }, ...(method === "PATCH" ? { body: { name: "Mine now" } } : {}) });
    const miss = await call(getVehicleRoute, missing);
    expect(miss.status).toBe(404);
    expect(answerOf(await call(getVehicleRoute, String(foreign.id)))).toBe(answerOf(miss).replace(missing, String(foreign.id)));
    const patchMiss = await call(patchVehicleRoute, missing, "PATCH");
    expect(patchMiss.status).toBe(404);
    expect(answerOf(await call(patchVehicleRoute, String(foreign.id), "PATCH"))).toBe(answerOf(patchMiss).replace(missing, String(foreign.id)));
    const rows = await database().db.select().from(auditEvents).where(eq(auditEvents.action, "vehicle.foreign_lookup"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: other, targetType: "vehicle", targetId: String(foreign.id), actorId: null, actorIp: null, repeatCount: 2 });
    expect(JSON.stringify(rows)).not.toMatch(/Demo Fleet|demo\.test/);
    expect(rows.some((row) => row.targetId === missing)).toBe(false);
  });

  it("records a DELETE of another company's tag, not one of a tag that exists nowhere, and nothing on success", async () => {
    const [foreign] = await database().db.insert(tags).values({ companyId: other, dataset: "live", name: "Their tag" }).returning({ id: tags.id });
    const missing = String(foreign.id + 100_000);
    const remove = (id: string) => callFleet(deleteTagRoute, `/tags/${id}`, { key: demoKey, method: "DELETE", params: { id } });
    const miss = await remove(missing);
    expect(miss.status).toBe(404);
    expect(answerOf(await remove(String(foreign.id)))).toBe(answerOf(miss).replace(missing, String(foreign.id)));
    expect((await callFleet(getTagRoute, `/tags/${foreign.id}`, { key: otherKey, params: { id: String(foreign.id) } })).status).toBe(200);
    const rows = await database().db.select().from(auditEvents).where(eq(auditEvents.action, "tag.foreign_lookup"));
    expect(rows.map((row) => [row.companyId, row.targetId, row.repeatCount])).toEqual([[other, String(foreign.id), 1]]);
    const callerRows = await database().db.select().from(auditEvents).where(eq(auditEvents.companyId, demo));
    expect(callerRows.filter((row) => row.action.endsWith(".foreign_lookup"))).toEqual([]);
  });
});
