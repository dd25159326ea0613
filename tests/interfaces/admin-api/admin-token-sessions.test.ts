import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, users } from "@/db/schema";
import { operatorActor, userActor } from "@/lib/platform/audit";
import { setUserPassword } from "@/lib/access/companies/set-user-password";
import { sendPasswordReset } from "@/lib/access/users/password-reset";
import { resetPasswordWithLink } from "@/lib/access/users/accept-invite";
import { signOutEverywhere } from "@/lib/access/users/sign-out-everywhere";
import { updateUser } from "@/lib/access/users/update-user";
import { resetRateLimits } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { adminToken, listKeys } from "./admin-requests";

const database = useTestDatabase();
let demo = 0;

beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  // A second admin, so the first can be demoted and signed out while someone still runs the company.
  const [admin] = await database().db.select().from(users).where(eq(users.email, "admin@demo.test"));
  await setUserPassword({ db: database().db, email: "manager@demo.test", password: "manager-password-1", actor: operatorActor("test") });
  await updateUser({
    db: database().db,
    companyId: demo,
    userId: await userId("manager@demo.test"),
    input: { role: "admin" },
    actor: userActor({ user: admin, ip: null, requestId: null }),
  });
});
beforeEach(() => resetRateLimits(database().db));

const userId = async (email: string) => (await database().db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const actor = operatorActor("test");

describe("an admin token ends with the user's sessions (issue 33, hole 3)", () => {
  it("stops working after a password reset by link", async () => {
    const token = await adminToken();
    expect((await listKeys(token)).status).toBe(200);
    const id = await userId("admin@demo.test");
    const { url } = await sendPasswordReset({ db: database().db, companyId: demo, userId: id, actor });
    await resetPasswordWithLink({
      db: database().db,
      token: url.split("/").at(-1)!,
      input: { password: "a fresh password 1" },
      request: { ip: null, requestId: null },
    });
    const refused = await listKeys(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/ended/);
    // A new token with the new password works.
    expect((await listKeys(await adminToken("admin@demo.test", "a fresh password 1"))).status).toBe(200);
  });

  it("stops working after the operator sets the password", async () => {
    const token = await adminToken("admin@demo.test", "a fresh password 1");
    await setUserPassword({ db: database().db, email: "admin@demo.test", password: "demo-password-1", actor });
    expect((await listKeys(token)).status).toBe(401);
  });

  it("stops working after 'sign out everywhere', which is audited", async () => {
    const token = await adminToken();
    const id = await userId("admin@demo.test");
    await signOutEverywhere({
      db: database().db,
      companyId: demo,
      userId: id,
      actor: userActor({ user: { id, name: "Admin" }, ip: "198.51.100.5", requestId: null }),
    });
    expect((await listKeys(token)).status).toBe(401);
    const events = await database().db.select().from(auditEvents).where(eq(auditEvents.action, "user.signed_out_everywhere"));
    expect(events).toEqual([expect.objectContaining({ companyId: demo, targetId: String(id), actorIp: "198.51.100.5" })]);
  });

  it("stops working after a role change, even one back to admin", async () => {
    const token = await adminToken("manager@demo.test", "manager-password-1");
    const id = await userId("manager@demo.test");
    await updateUser({ db: database().db, companyId: demo, userId: id, input: { role: "dispatcher" }, actor });
    await updateUser({ db: database().db, companyId: demo, userId: id, input: { role: "admin" }, actor });
    expect((await listKeys(token)).status).toBe(401);
  });
});
