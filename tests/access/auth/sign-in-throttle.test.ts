import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, users } from "@/db/schema";
import { userActor } from "@/lib/platform/audit";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { changeOwnPassword } from "@/lib/access/users/change-own-password";
import { requestToken } from "../../interfaces/admin-api/admin-requests";
import { resetRateLimits } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo = 0;

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
});
beforeEach(() => resetRateLimits(database().db));

const signIn = (password: string, ip: string, email = "dispatcher@demo.test") =>
  authenticateUser({ email, password, ip }).then(
    () => 200,
    (error: { status: number }) => error.status,
  );

const refusalsOf = async (email: string) => {
  const [user] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, String(user.id))));
};

describe("sign-in throttle: failures only (issue 33, hole 8)", () => {
  it("never refuses a script signing in with the right password, many times a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await signIn("demo-password-1", "198.51.100.60"));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it("throttles one address's wrong passwords, while the owner signs in from another address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await signIn("wrong", "198.51.100.61"));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The guesser's address stays refused, even with the right password...
    expect(await signIn("demo-password-1", "198.51.100.61")).toBe(429);
    // ...but the account is not locked: its owner elsewhere gets in.
    expect(await signIn("demo-password-1", "198.51.100.62")).toBe(200);
  });

  it(
    "once guesses from many addresses empty the account's bucket, a new address with the right password " + "still gets in and a guessing address is refused",
    async () => {
      for (let i = 0; i < 30; i++) expect(await signIn("wrong", `203.0.113.${i + 1}`)).toBe(401);
      // An address that failed once is refused before its password is checked.
      expect(await signIn("wrong", "203.0.113.1")).toBe(429);
      // A new address gets one check: the owner's right password passes...
      expect(await signIn("demo-password-1", "192.0.2.200")).toBe(200);
      // ...a guesser's wrong one fails, and that address is then refused too.
      expect(await signIn("wrong", "192.0.2.201")).toBe(401);
      expect(await signIn("wrong", "192.0.2.201")).toBe(429);
    },
  );

  it("applies to POST /api/v2/auth/token: an admin's right password from a second address passes while the first is throttled", async () => {
    for (let i = 0; i < 5; i++) expect((await requestToken("admin@demo.test", "wrong", "198.51.100.70")).status).toBe(401);
    expect((await requestToken("admin@demo.test", "wrong", "198.51.100.70")).status).toBe(429);
    expect((await requestToken("admin@demo.test", "demo-password-1", "198.51.100.71")).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await requestToken("admin@demo.test", "demo-password-1", "198.51.100.71")).status).toBe(200);
  });
});

describe("refused sign-ins in the audit log (issue 33, hole 14)", () => {
  it("records failed and throttled sign-ins on one row per account, address and minute with a count, never the password", async () => {
    const before = await refusalsOf("manager@demo.test");
    for (let i = 0; i < 8; i++) await signIn("a-guessed-secret", "198.51.100.80", "manager@demo.test");
    const rows = (await refusalsOf("manager@demo.test")).filter((row) => !before.some((old) => old.id === row.id));
    const failed = rows.filter((row) => row.action === "user.sign_in_failed");
    const throttled = rows.filter((row) => row.action === "user.sign_in_throttled");
    // Within one minute, or split across a minute boundary: at most two rows each, the counts adding up.
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(2);
    expect(failed.reduce((sum, row) => sum + row.repeatCount, 0)).toBe(5);
    expect(throttled.reduce((sum, row) => sum + row.repeatCount, 0)).toBe(3);
    expect(failed[0]).toMatchObject({ actorType: "anonymous", actorIp: "198.51.100.80" });
    expect(JSON.stringify(rows)).not.toContain("a-guessed-secret");
  });
});

describe("the account page's current password (issue 33, hole 7)", () => {
  it("is throttled like sign-in and every wrong guess is audited", async () => {
    const [user] = await database().db.select().from(users).where(eq(users.email, "dispatcher@demo.test"));
    const actor = userActor({ user, ip: "198.51.100.90", requestId: null });
    const change = (currentPassword: string) =>
      changeOwnPassword({ companyId: demo, userId: user.id, input: { currentPassword, newPassword: "a brand new password" }, actor }).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await change(`guess-${i}`));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const guesses = (await refusalsOf("dispatcher@demo.test")).filter((row) => row.action === "user.password_check_failed");
    expect(guesses.reduce((sum, row) => sum + row.repeatCount, 0)).toBe(5);
    expect(JSON.stringify(guesses)).not.toContain("guess-");
  });
});
