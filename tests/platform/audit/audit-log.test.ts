import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postDriver } from "@/app/fleet/drivers/route";
import { PATCH as patchDriver } from "@/app/fleet/drivers/[id]/route";
import { GET as exportAuditLog } from "@/app/(dashboard)/settings/audit-log/export/route";
import { queryRows } from "@/db/rows";
import { users } from "@/db/schema";
import { listAuditEvents, operatorActor, recordAuditEvent, type AuditEvent } from "@/lib/platform/audit";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { createTestApiKey } from "../../helpers/api-keys";
import { callFleet } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { sessionCookieFor } from "../../harness/fixture";
import { adminToken, createKey, revokeKey } from "../../interfaces/admin-api/admin-requests";

const database = useTestDatabase();
let demo = 0;
let other = 0;
let key: { key: string; id: string };

beforeAll(async () => {
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  key = await createTestApiKey({ db: database().db, companyId: demo });
});

const eventsAbout = async (companyId: number, targetId: string | number) =>
  (await listAuditEvents({ db: database().db, companyId, filters: { targetId: String(targetId) } })).events;

const countAll = async () => Number((await queryRows<{ n: number }>(database().db, sql`select count(*)::int as n from audit_events`))[0].n);

/** The database's own refusal, under the query error that wraps it. */
const refusedAsAppendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/audit_events is append only/) }) };

describe("the audit log records each administrative action once, with its actor, address and changes", () => {
  it("API key created and revoked through the admin interface", async () => {
    const token = await adminToken();
    const created = (await (await createKey(token, { name: "Audited", scopes: ["hos:read"] })).json()) as { id: string; key: string };
    await revokeKey(token, created.id);
    await revokeKey(token, created.id); // revoking again changes nothing and records nothing
    const events = await eventsAbout(demo, created.id);
    expect(events.map((event) => event.action)).toEqual(["api_key.revoked", "api_key.created"]);
    const [revoked, made] = events;
    expect(made).toMatchObject({ actorType: "admin_token", actorName: "Demo Fleet Admin", actorIp: "198.51.100.7", targetType: "api_key" });
    expect(made.changes).toMatchObject({ name: { before: null, after: "Audited" }, scopes: { before: null, after: ["hos:read"] } });
    expect(revoked.changes.revokedAt).toMatchObject({ before: null });
    expect(made.requestId).toMatch(/^req_/);
    expect(JSON.stringify(events)).not.toContain(created.key.slice("svc_live_".length));
  });

  it("driver created, updated and deactivated through /fleet/drivers, the API key as actor", async () => {
    const create = await callFleet(postDriver, "/fleet/drivers", {
      key: key.key,
      method: "POST",
      ip: "192.0.2.44",
      body: { name: "Audit Driver", username: "audit.driver", password: "never-stored-1" },
    });
    expect(create.status).toBe(201);
    const id = create.body.data.id as string;
    const update = await callFleet(patchDriver, `/fleet/drivers/${id}`, {
      key: key.key,
      method: "PATCH",
      ip: "192.0.2.45",
      params: { id },
      body: { phone: "+1 555 0100", name: "Audit Driver" },
    });
    expect(update.status).toBe(200);
    await callFleet(patchDriver, `/fleet/drivers/${id}`, { key: key.key, method: "PATCH", params: { id }, body: { driverActivationStatus: "deactivated" } });

    const events = await eventsAbout(demo, id);
    expect(events.map((event) => event.action)).toEqual(["driver.deactivated", "driver.updated", "driver.created"]);
    const [deactivated, updated, created] = events;
    expect(created).toMatchObject({ actorType: "api_key", actorId: key.id, actorIp: "192.0.2.44", requestId: create.headers.get("x-request-id") });
    expect(created.changes.username).toEqual({ before: null, after: "audit.driver" });
    expect(created.changes).not.toHaveProperty("password");
    expect(JSON.stringify(events)).not.toContain("never-stored-1");
    // Only the field whose value changed: the name was sent unchanged.
    expect(updated.changes).toEqual({ phone: { before: "", after: "+1 555 0100" } });
    expect(updated.actorIp).toBe("192.0.2.45");
    expect(deactivated.changes).toEqual({ activationStatus: { before: "active", after: "deactivated" } });
  });

  it("a failed change records nothing: the event rolls back with it", async () => {
    const before = await countAll();
    const duplicate = await callFleet(postDriver, "/fleet/drivers", { key: key.key, method: "POST", body: { name: "Twin", username: "audit.driver" } });
    expect(duplicate.status).toBe(409);
    const first = await callFleet(postDriver, "/fleet/drivers", { key: key.key, method: "POST", body: { name: "Other", username: "audit.other" } });
    const id = first.body.data.id as string;
    const afterCreate = await countAll();
    expect(afterCreate).toBe(before + 1);
    const badVehicle = await callFleet(patchDriver, `/fleet/drivers/${id}`, {
      key: key.key,
      method: "PATCH",
      params: { id },
      body: { phone: "+1 555 0199", staticAssignedVehicleId: "999999" },
    });
    expect(badVehicle.status).toBe(400);
    const taken = await callFleet(patchDriver, `/fleet/drivers/${id}`, { key: key.key, method: "PATCH", params: { id }, body: { username: "audit.driver" } });
    expect(taken.status).toBe(409);
    expect(await countAll()).toBe(afterCreate);
  });

  it("a refused role escalation is recorded as denied with its reason, and changes nothing", async () => {
    const actor = operatorActor("crafted call");
    await expect(
      authorizeAction({
        user: { role: "dispatcher", companyId: demo },
        action: "editDrivers",
        actor: { ...actor, type: "user", id: "42", name: "Dee Dispatcher", ip: "203.0.113.9" },
        denied: { action: "driver.denied", target: { type: "driver", id: 7 } },
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const [denied] = (await listAuditEvents({ db: database().db, companyId: demo, filters: { action: "driver.denied" } })).events;
    expect(denied).toMatchObject({ actorName: "Dee Dispatcher", actorIp: "203.0.113.9", targetId: "7", reason: "The dispatcher role may not editDrivers." });
    await authorizeAction({
      user: { role: "manager", companyId: demo },
      action: "editDrivers",
      actor,
      denied: { action: "driver.denied", target: { type: "driver", id: 7 } },
    });
    expect((await listAuditEvents({ db: database().db, companyId: demo, filters: { action: "driver.denied" } })).events).toHaveLength(1);
  });
});

describe("the audit log is append only and per company", () => {
  it("refuses UPDATE and DELETE, whoever asks", async () => {
    const { db } = database();
    await expect(db.execute(sql`update audit_events set actor_name = 'someone else'`)).rejects.toMatchObject(refusedAsAppendOnly);
    await expect(db.execute(sql`delete from audit_events`)).rejects.toMatchObject(refusedAsAppendOnly);
    await expect(db.execute(sql`truncate audit_events`)).rejects.toMatchObject(refusedAsAppendOnly);
    expect(await countAll()).toBeGreaterThan(0);
  });

  it("never shows another company's events", async () => {
    await recordAuditEvent({
      db: database().db,
      companyId: other,
      actor: operatorActor("other ops"),
      action: "driver.updated",
      target: { type: "driver", id: 1 },
    });
    const mine = (await listAuditEvents({ db: database().db, companyId: demo, filters: {} })).events;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((event) => event.actorName)).not.toContain("other ops");
    expect(mine.every((event: AuditEvent) => event.companyId === demo)).toBe(true);
  });

  it("pages with a signed cursor that only works for the same filters and company", async () => {
    const { db } = database();
    const first = await listAuditEvents({ db, companyId: demo, filters: {}, limit: 2 });
    expect(first.endCursor).not.toBeNull();
    const second = await listAuditEvents({ db, companyId: demo, filters: {}, after: first.endCursor!, limit: 2 });
    expect(second.events[0].id).toBeLessThan(first.events[1].id);
    await expect(listAuditEvents({ db, companyId: other, filters: {}, after: first.endCursor! })).rejects.toMatchObject({ code: "bad_request" });
    await expect(listAuditEvents({ db, companyId: demo, filters: { action: "driver.created" }, after: first.endCursor! })).rejects.toMatchObject({
      code: "bad_request",
    });
  });
});

describe("GET /settings/audit-log/export", () => {
  const exportAs = async (role: string, query: string) => {
    // The session's role is the user's current one (lib/access/auth/session-check), so each role signs in as its own user.
    const [user] = await database()
      .db.select()
      .from(users)
      .where(eq(users.email, `${role}@demo.test`));
    const cookie = await sessionCookieFor(user);
    return exportAuditLog(new Request(`http://localhost/settings/audit-log/export?${query}`, { headers: { cookie, [CLIENT_IP_HEADER]: "203.0.113.1" } }), {
      params: Promise.resolve({}),
    });
  };

  it("holds the filtered rows, this company's only", async () => {
    const response = await exportAs("admin", "action=driver.created");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("occurredAt,actorType,actorId,actorName,actorIp,action,targetType,targetId,changes,reason,requestId");
    const created = (await listAuditEvents({ db: database().db, companyId: demo, filters: { action: "driver.created" } })).events;
    expect(lines).toHaveLength(created.length + 1);
    expect(lines.slice(1).every((line) => line.includes(",driver.created,driver,"))).toBe(true);
    expect(lines.join("\n")).not.toContain("other ops");
  });

  it("refuses a manager (403) and a range the time-range parser refuses (400)", async () => {
    expect((await exportAs("manager", "")).status).toBe(403);
    const backwards = await exportAs("admin", "from=2026-05-10&to=2026-05-01");
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toMatch(/"to" must be after "from"/);
  });
});
