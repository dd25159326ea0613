import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { signAdminToken } from "@/lib/interfaces/admin-api/admin-token";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { adminRequest, adminToken, createKey, listKeys, postToken, requestToken } from "./admin-requests";

const database = useTestDatabase();
let demoCompanyId: number;

beforeAll(async () => {
  ({ demoCompanyId } = await seedTestCompanies({ db: database().db, liveVehicles: 2 }));
});

const expectError = async (response: Response, status: number, message?: RegExp) => {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: string; requestId: string };
  expect(body.requestId).toMatch(/^req_/);
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
  if (message) expect(body.message).toMatch(message);
  return body;
};

describe("POST /api/v2/auth/token", () => {
  it("gives an admin a one-hour HS256 token carrying user, company and role", async () => {
    const before = Date.now();
    const response = await requestToken("admin@demo.test", "demo-password-1");
    const after = Date.now();
    expect(response.status).toBe(200);
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string };
    const lifetime = new Date(expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    // An hour from when it was issued, at the latest when the answer came: the request (a bcrypt check) can take over a second on a loaded machine.
    expect(new Date(expiresAt).getTime()).toBeLessThanOrEqual(after + 60 * 60 * 1000);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ companyId: demoCompanyId, role: "admin" });
    expect(Number(claims.sub)).toBeGreaterThan(0);
    expect((await listKeys(token)).status).toBe(200);
  });

  it("refuses a manager with the right password (403) and a wrong password (401)", async () => {
    await expectError(await requestToken("manager@demo.test", "demo-password-1", "198.51.100.20"), 403, /admin role/);
    await expectError(await requestToken("admin@demo.test", "wrong-password", "198.51.100.21"), 401, /Wrong email or password/);
    await expectError(await requestToken("nobody@demo.test", "demo-password-1", "198.51.100.21"), 401);
  });

  it("throttles repeated wrong passwords for one account with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await requestToken("dispatcher@demo.test", "wrong", "198.51.100.30");
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 400 naming the problem for bad JSON and missing fields", async () => {
    await expectError(await postToken(adminRequest("/api/v2/auth/token", { method: "POST", body: "{not json" })), 400, /not valid JSON/);
    await expectError(await postToken(adminRequest("/api/v2/auth/token", { method: "POST", body: { email: "admin@demo.test" } })), 400, /"password"/);
    await expectError(await postToken(adminRequest("/api/v2/auth/token", { method: "POST", body: [] })), 400);
  });
});

describe("admin interface authentication", () => {
  const validBody = { name: "Auth check", scopes: ["vehicles:read"] };

  it("answers 401 without a token or with a malformed header", async () => {
    await expectError(await createKey(undefined, validBody), 401, /Bearer/);
    await expectError(await listKeys("not-a-jwt"), 401, /Invalid admin token/);
  });

  it("answers 401 for an expired token", async () => {
    const [admin] = await database().db.select().from(users).where(eq(users.email, "admin@demo.test"));
    const { token } = await signAdminToken({ userId: admin.id, companyId: admin.companyId, role: "admin" }, new Date(Date.now() - 2 * 60 * 60 * 1000));
    await expectError(await listKeys(token), 401, /expired/);
  });

  it("answers 401 for a token signed with another secret or with alg none", async () => {
    const [admin] = await database().db.select().from(users).where(eq(users.email, "admin@demo.test"));
    const forged = await new SignJWT({ companyId: admin.companyId, role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(admin.id))
      .setIssuer("fleet-telematics")
      .setAudience("admin-api")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-secret-the-attacker-chose-himself"));
    await expectError(await createKey(forged, validBody), 401);
    const [, payload] = (await adminToken()).split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    await expectError(await createKey(unsigned, validBody), 401);
  });

  it("answers 403 for a validly signed token of a non-admin, and once an admin is demoted", async () => {
    const [manager] = await database().db.select().from(users).where(eq(users.email, "manager@demo.test"));
    const { token: managerToken } = await signAdminToken({ userId: manager.id, companyId: manager.companyId, role: "manager" });
    await expectError(await createKey(managerToken, validBody), 403, /admin role/);

    const token = await adminToken("admin@other.test", "other-password-1");
    expect((await listKeys(token)).status).toBe(200);
    await database().db.update(users).set({ role: "manager" }).where(eq(users.email, "admin@other.test"));
    await expectError(await listKeys(token), 403);
  });
});
