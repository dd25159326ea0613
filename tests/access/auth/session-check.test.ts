import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { createSessionCheck, type SessionClaims } from "@/lib/access/auth/session-check";
import { readConfig } from "@/lib/platform/config/env.mjs";
import { updateUser } from "@/lib/access/users/update-user";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

// The promise: a user deactivated on any instance is refused by every instance's open sessions
// within 60 s. Each instance re-reads a session's user at most SESSION_CHECK_SECONDS (≤ 60) apart;
// here a second checker stands for another instance, and the clock is passed in, not slept through.
const database = useTestDatabase();
let claims: SessionClaims;
let demo = 0;

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  const [dispatcher] = await database().db.select().from(users).where(eq(users.email, "dispatcher@demo.test"));
  claims = {
    id: dispatcher.id,
    email: dispatcher.email,
    name: dispatcher.name,
    role: dispatcher.role,
    companyId: demo,
    companyName: "Demo Fleet",
    sessionVersion: 0,
  };
});

describe("a deactivated user's open sessions", () => {
  it("are refused by another instance within the check interval, and trusted no longer than it", async () => {
    const otherInstance = createSessionCheck();
    const intervalMs = 60_000;
    const t0 = 1_000_000;
    expect(await otherInstance.check({ claims, now: t0, intervalMs })).toMatchObject({ id: claims.id, role: "dispatcher" });
    await updateUser({ companyId: demo, userId: claims.id, input: { status: "deactivated" }, actor: operatorActor("test") });
    // Until its interval ends, the other instance still trusts what it read at t0 ...
    expect(await otherInstance.check({ claims, now: t0 + intervalMs - 1, intervalMs })).not.toBeNull();
    // ... and from then on it reads the user again and refuses the session.
    expect(await otherInstance.check({ claims, now: t0 + intervalMs, intervalMs })).toBeNull();
    // A fresh instance refuses at once.
    expect(await createSessionCheck().check({ claims, now: t0, intervalMs })).toBeNull();
  });

  it("stay refused after reactivation (the session version moved on), while a new sign-in's session counts", async () => {
    await updateUser({ companyId: demo, userId: claims.id, input: { status: "active" }, actor: operatorActor("test") });
    const check = createSessionCheck();
    expect(await check.check({ claims, intervalMs: 1_000 })).toBeNull();
    expect(await check.check({ claims: { ...claims, sessionVersion: 1 }, intervalMs: 1_000 })).toMatchObject({ id: claims.id });
  });

  it("an interval over 60 s cannot be configured, so the bound holds whatever the deployment sets", () => {
    expect(readConfig({ NODE_ENV: "test" }).SESSION_CHECK_SECONDS).toBe(30);
    expect(readConfig({ NODE_ENV: "test", SESSION_CHECK_SECONDS: "1" }).SESSION_CHECK_SECONDS).toBe(1);
    expect(() => readConfig({ NODE_ENV: "test", SESSION_CHECK_SECONDS: "61" })).toThrow(/SESSION_CHECK_SECONDS must be an integer from 1 to 60/);
  });

  it("a session of another company's user id is not taken for this one", async () => {
    expect(await createSessionCheck().check({ claims: { ...claims, sessionVersion: 1, companyId: demo + 1 } })).toBeNull();
  });
});
