import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, companies, setupTokens, users } from "@/db/schema";
import { verifyPassword } from "@/lib/platform/credentials/password";
import { checkSetupToken, completeSetup, issueSetupToken } from "@/lib/access/companies/setup-token";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();

const company = { name: "Acme Haulage", timeZone: "Europe/Berlin", distanceUnit: "km" as const };
const admin = { name: "Ada Admin", email: "Ada@Acme.test", password: "correct horse battery" };
const countCompanies = async () => (await database().db.select({ n: count() }).from(companies))[0].n;

describe("first-run setup tokens", () => {
  it("refuses a forged token and an expired one, and creates nothing", async () => {
    const { db } = database();
    const issuedAt = new Date("2026-01-01T00:00:00Z");
    const token = await issueSetupToken({ db, now: issuedAt });
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect((await db.select().from(setupTokens))[0].tokenHash).not.toContain(token);
    await expect(completeSetup({ db, token: "forged-token", company, admin })).rejects.toMatchObject({ code: "forbidden" });
    const dayLater = new Date(issuedAt.getTime() + 24 * 3_600_000);
    expect((await checkSetupToken({ db, token: token!, now: dayLater })).refusedBecause).toMatch(/expired/);
    await expect(completeSetup({ db, token: token!, company, admin, now: dayLater })).rejects.toMatchObject({ code: "forbidden" });
    expect(await countCompanies()).toBe(0);
  });

  // Before the next test: it sets the service up, and the audit log keeps its company for good.
  it("refuses a short password without spending the token", async () => {
    const { db } = database();
    const token = (await issueSetupToken({ db }))!;
    await expect(completeSetup({ db, token, company, admin: { ...admin, password: "short" } })).rejects.toMatchObject({ code: "bad_request" });
    expect((await checkSetupToken({ db, token })).refusedBecause).toBeNull();
    expect(await countCompanies()).toBe(0);
  });

  it("creates exactly one company and its admin from two concurrent submits, then refuses the used token", async () => {
    const { db } = database();
    const token = (await issueSetupToken({ db }))!;
    expect((await checkSetupToken({ db, token })).refusedBecause).toBeNull();
    const results = await Promise.allSettled([completeSetup({ db, token, company, admin }), completeSetup({ db, token, company, admin })]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await countCompanies()).toBe(1);
    const [created] = await db.select().from(companies);
    expect(created).toMatchObject({ name: "Acme Haulage", timeZone: "Europe/Berlin", distanceUnit: "km", modules: [] });
    const [user] = await db.select().from(users);
    expect(user).toMatchObject({ companyId: created.id, email: "ada@acme.test", role: "admin" });
    expect(await verifyPassword("correct horse battery", user.passwordHash)).toBe(true);
    // One audit event, from the setup, in the new company's log (the refused submit left none).
    const events = await db.select().from(auditEvents);
    expect(events).toMatchObject([
      { companyId: created.id, action: "company.created", actorType: "operator", actorName: "first-run setup", targetId: String(created.id) },
    ]);
    expect(events[0].changes).toMatchObject({ name: { before: null, after: "Acme Haulage" }, adminEmail: { before: null, after: "ada@acme.test" } });
    expect(JSON.stringify(events[0].changes)).not.toContain("correct horse");
    await expect(completeSetup({ db, token, company, admin })).rejects.toMatchObject({ code: "forbidden", message: expect.stringMatching(/used/) });
    expect(await issueSetupToken({ db })).toBeNull();
  });
});
