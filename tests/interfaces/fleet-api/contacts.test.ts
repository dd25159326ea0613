import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents } from "@/db/schema";
import * as contactsRoute from "@/app/contacts/route";
import * as contactRoute from "@/app/contacts/[id]/route";
import * as alertsRoute from "@/app/alerts/configurations/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type ContactBody = { data: { id: string; firstName: string; lastName: string; email: string; phone: string } };
const create = (body: unknown, key = fixture.demo.key) => callFleet(contactsRoute.POST, "/contacts", { key, method: "POST", body });
const one = (method: "GET" | "PATCH" | "DELETE", id: string, body?: unknown, key = fixture.demo.key) =>
  callFleet(contactRoute[method], `/contacts/${id}`, { key, method, body, params: { id } });

describe("/contacts", () => {
  it("creates, reads, lists, patches and deletes a contact in Samsara's shape, each write audited", async () => {
    const created = await create({ firstName: "Night", lastName: "Dispatch", email: "night@partner.test", phone: "+1 312 555 0100" });
    expect(created.status).toBe(200);
    const { id } = (created.body as ContactBody).data;
    expect(created.body).toEqual({ data: { id, firstName: "Night", lastName: "Dispatch", email: "night@partner.test", phone: "+1 312 555 0100" } });
    expect((await one("GET", id)).body).toEqual(created.body);
    const listed = await callFleet(contactsRoute.GET, "/contacts?limit=512", { key: fixture.demo.key });
    expect((listed.body as { data: { id: string }[] }).data.map((contact) => contact.id)).toContain(id);
    const patched = await one("PATCH", id, { email: "desk@partner.test" });
    expect((patched.body as ContactBody).data).toMatchObject({ firstName: "Night", email: "desk@partner.test" });
    expect((await one("DELETE", id)).status).toBe(204);
    expect((await one("GET", id)).status).toBe(404);
    const audited = await database()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, fixture.demo.companyId), eq(auditEvents.targetType, "contact"), eq(auditEvents.targetId, id)));
    expect(audited.map((row) => row.action).sort()).toEqual(["contact.created", "contact.deleted", "contact.updated"]);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    for (const [body, field] of [
      [{ email: "not-an-address" }, "email"],
      [{ phone: "call me" }, "phone"],
      [{ nickname: "x" }, "nickname"],
      [{ firstName: "x".repeat(101) }, "firstName"],
    ] as const) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { message: string }).message).toContain(field);
    }
  });

  it("another company's and the sandbox's contacts are 404 and unlisted; an alert rule cannot name them", async () => {
    const theirs = (await create({ firstName: "Theirs", email: "theirs@other.test" }, fixture.other.key)).body as ContactBody;
    const sandbox = (await create({ firstName: "Sandbox", email: "sandbox@demo.test" }, fixture.sandbox.key)).body as ContactBody;
    for (const id of [theirs.data.id, sandbox.data.id]) {
      for (const method of ["GET", "PATCH", "DELETE"] as const)
        expect((await one(method, id, method === "PATCH" ? { firstName: "Mine" } : undefined)).status).toBe(404);
    }
    const listed = await callFleet(contactsRoute.GET, "/contacts?limit=512", { key: fixture.demo.key });
    expect((listed.body as { data: { id: string }[] }).data.map((contact) => contact.id)).not.toContain(theirs.data.id);
    const rule = await callFleet(alertsRoute.POST, "/alerts/configurations", {
      key: fixture.demo.key,
      method: "POST",
      body: {
        name: "Theirs",
        isEnabled: true,
        scope: { all: true },
        triggers: [{ triggerTypeId: 1019, triggerParams: { engineIdle: { minDurationMilliseconds: 600_000 } } }],
        actions: [{ actionTypeId: 1, actionParams: { recipients: [{ type: "contact", contactId: theirs.data.id }] } }],
      },
    });
    expect(rule.status).toBe(404);
    expect((rule.body as { message: string }).message).toContain("contactId");
  });
});
