import { encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getRequestUser } from "@/app/_server/session";
import { users } from "@/db/schema";
import { getAuthOptions } from "@/lib/access/auth/auth-options";
import { getSecret, reloadConfig } from "@/lib/platform/config";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
beforeAll(async () => {
  await seedTestCompanies({ db: database().db, liveVehicles: 1 });
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

/** The admin's session JWT, as next-auth's sign-in puts it in the cookie. */
const adminSessionToken = async () => {
  const [admin] = await database().db.select().from(users).where(eq(users.email, "admin@demo.test"));
  const user = {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    role: admin.role,
    companyId: admin.companyId,
    companyName: "Demo Fleet",
    sessionVersion: admin.sessionVersion,
  };
  return encode({ token: { sub: String(admin.id), user }, secret: getSecret("AUTH_SECRET") });
};
const requestWith = (cookie: string) => new Request("https://fleet.example.com/api/dashboard/fleet", { headers: { cookie } });

describe("the session cookie (issue 33, hole 9)", () => {
  it("is Secure (next-auth's __Secure- cookie) with next-auth's URL from PUBLIC_URL when it is https, and sessions are read from it", async () => {
    vi.stubEnv("PUBLIC_URL", "https://fleet.example.com");
    vi.stubEnv("NEXTAUTH_URL", undefined);
    reloadConfig();
    expect(getAuthOptions().useSecureCookies).toBe(true);
    expect(process.env.NEXTAUTH_URL).toBe("https://fleet.example.com");
    const token = await adminSessionToken();
    expect(await getRequestUser(requestWith(`__Secure-next-auth.session-token=${token}`))).toMatchObject({ email: "admin@demo.test" });
    // The plain name is not read: a cookie set over http (or by a sibling site) does not count.
    expect(await getRequestUser(requestWith(`next-auth.session-token=${token}`))).toBeNull();
  });

  it("stays a plain cookie when PUBLIC_URL is http or unset (a local demo)", async () => {
    vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
    reloadConfig();
    expect(getAuthOptions().useSecureCookies).toBe(false);
    expect(await getRequestUser(requestWith(`next-auth.session-token=${await adminSessionToken()}`))).toMatchObject({ email: "admin@demo.test" });
  });
});
