import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users, type Role } from "@/db/schema";
import { listAuditEvents, operatorActor } from "@/lib/platform/audit";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { reloadConfig } from "@/lib/platform/config";
import { resetRateLimits } from "../../helpers/fleet-request";
import { startSmtpSink } from "../../helpers/smtp-sink";
import { actAs, formOf, nextCacheMock, nextHeadersMock, redirectOf, type ActingUser } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

const { addUserAction, updateUserAction, sendPasswordResetAction, reissueInviteAction } = await import("@/app/(dashboard)/settings/users/actions");
const { acceptInviteAction } = await import("@/app/invite/[token]/actions");
const { resetPasswordAction } = await import("@/app/reset-password/[token]/actions");
const { forgotPasswordAction } = await import("@/app/forgot-password/actions");
const { changeOwnPasswordAction } = await import("@/app/(dashboard)/account/actions");
const { getSessionUser } = await import("@/app/_server/session");

const database = useTestDatabase();
let demo = 0;
let other = 0;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

const userBy = async (email: string): Promise<ActingUser & { status: string; lastSignInAt: Date | null }> => {
  const [row] = await database().db.select().from(users).where(eq(users.email, email));
  return row;
};
const tokenOf = (url: string) => url.split("/").at(-1)!;
const actionsOn = async (userId: number) =>
  (await listAuditEvents({ db: database().db, companyId: demo, filters: { targetType: "user", targetId: String(userId) } })).events.map(
    (event) => event.action,
  );

beforeAll(async () => {
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
  smtp = await startSmtpSink();
  vi.stubEnv("SMTP_URL", smtp.url);
  reloadConfig();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  reloadConfig();
  await smtp.close();
});

describe("inviting a user", () => {
  it("an admin invites a dispatcher: a one-time link, stored only as a hash, e-mailed through SMTP, that signs them up once", async () => {
    await actAs(await userBy("admin@demo.test"));
    const added = await addUserAction({ email: "New.Person@Demo.test", role: "dispatcher", access: "invite" });
    if (!added.ok) throw new Error(added.message);
    expect(added.email).toBe("new.person@demo.test");
    const link = added.invite!;
    expect(link.mailed).toBe(true);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const mail = smtp.received.find((message) => message.to.includes("new.person@demo.test"))!;
    expect(mail.subject).toContain("Demo Fleet");
    expect(mail.raw).toContain(tokenOf(link.url).slice(0, 20));
    const invited = await userBy("new.person@demo.test");
    expect(invited).toMatchObject({ status: "invited", role: "dispatcher", companyId: demo });
    // Invited: no password yet, so no sign-in.
    await expect(authenticateUser({ email: "new.person@demo.test", password: "x".repeat(12), ip: null })).rejects.toMatchObject({ code: "unauthorized" });
    expect(JSON.stringify(await database().db.select().from(users))).not.toContain(tokenOf(link.url));

    await actAs(null);
    const short = await acceptInviteAction(tokenOf(link.url), null, formOf({ name: "New Person", password: "short", confirm: "short" }));
    expect(short).toMatchObject({ ok: false, fieldErrors: { password: expect.stringContaining("12") } });
    expect(
      await acceptInviteAction(tokenOf(link.url), null, formOf({ name: "New Person", password: "a long new password", confirm: "another password" })),
    ).toMatchObject({ ok: false, fieldErrors: { confirm: expect.any(String) } });
    // Accepted, the person is signed in with the new password and sent to the live map.
    expect(
      await redirectOf(
        acceptInviteAction(tokenOf(link.url), null, formOf({ name: "New Person", password: "a long new password", confirm: "a long new password" })),
      ),
    ).toBe("/map");
    expect(await getSessionUser()).toMatchObject({ email: "new.person@demo.test" });
    // Works once.
    expect(
      await acceptInviteAction(tokenOf(link.url), null, formOf({ name: "Someone Else", password: "another long password", confirm: "another long password" })),
    ).toMatchObject({ ok: false, message: expect.stringContaining("already used") });
    const signedIn = await authenticateUser({ email: "new.person@demo.test", password: "a long new password", ip: null });
    expect(signedIn).toMatchObject({ name: "New Person", role: "dispatcher" });
    expect((await userBy("new.person@demo.test")).lastSignInAt).toBeInstanceOf(Date);
    // The refused sign-in while invited is in the log too (issue 33).
    expect(await actionsOn(invited.id)).toEqual(["user.invite_accepted", "user.sign_in_failed", "user.invited"]);
  });

  it("refuses forged and expired links (404 and 403) and a second invite for a taken e-mail (409)", async () => {
    await actAs(null);
    expect(
      await acceptInviteAction(
        "ForgedTokenThatIsLongEnough1234567890",
        null,
        formOf({ name: "X", password: "a long new password", confirm: "a long new password" }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining("not valid") });
    await actAs(await userBy("admin@demo.test"));
    const added = await addUserAction({ email: "late@demo.test", role: "manager", access: "invite" });
    if (!added.ok) throw new Error(added.message);
    vi.useFakeTimers({ now: Date.now() + 7 * 86_400_000 + 1_000, toFake: ["Date"] });
    try {
      expect(
        await acceptInviteAction(tokenOf(added.invite!.url), null, formOf({ name: "Late", password: "a long new password", confirm: "a long new password" })),
      ).toMatchObject({ ok: false, message: expect.stringContaining("expired") });
    } finally {
      vi.useRealTimers();
    }
    // A new link replaces it; the old one stays dead.
    const again = await reissueInviteAction((await userBy("late@demo.test")).id);
    if (!again.ok) throw new Error(again.message);
    expect(
      await acceptInviteAction(tokenOf(added.invite!.url), null, formOf({ name: "Late", password: "a long new password", confirm: "a long new password" })),
    ).toMatchObject({ ok: false });
    expect(
      await redirectOf(
        acceptInviteAction(tokenOf(again.link.url), null, formOf({ name: "Late", password: "a long new password", confirm: "a long new password" })),
      ),
    ).toBe("/map");
    await actAs(await userBy("admin@demo.test"));
    expect(await addUserAction({ email: "late@demo.test", role: "dispatcher", access: "invite" })).toMatchObject({
      ok: false,
      fieldErrors: { email: expect.stringContaining("already exists") },
    });
    expect(await addUserAction({ email: "admin@other.test", role: "dispatcher", access: "invite" })).toMatchObject({ ok: false });
  });

  it("creates a user with a password the admin chose, active at once", async () => {
    await actAs(await userBy("admin@demo.test"));
    expect(await addUserAction({ email: "direct@demo.test", name: "Direct Hire", role: "manager", access: "password", password: "short" })).toMatchObject({
      ok: false,
      fieldErrors: { password: expect.any(String) },
    });
    expect(
      await addUserAction({ email: "direct@demo.test", name: "Direct Hire", role: "manager", access: "password", password: "a chosen password" }),
    ).toMatchObject({ ok: true, invite: null });
    expect(await authenticateUser({ email: "direct@demo.test", password: "a chosen password", ip: null })).toMatchObject({ role: "manager" });
    expect(await actionsOn((await userBy("direct@demo.test")).id)).toEqual(["user.created"]);
  });
});

describe("roles, deactivation and the last admin", () => {
  it("changes a role and deactivates: each ends the open session at once on this instance, and deactivation refuses sign-in", async () => {
    await resetRateLimits(database().db);
    const direct = await userBy("direct@demo.test");
    await actAs(direct);
    expect(await getSessionUser()).toMatchObject({ id: direct.id, role: "manager" });
    await actAs(await userBy("admin@demo.test"));
    expect(await updateUserAction(direct.id, { role: "dispatcher" })).toEqual({ ok: true });
    // A new role ends the open session (issue 33); signed in again, the session has the new role.
    await actAs(direct);
    expect(await getSessionUser()).toBeNull();
    await actAs({ ...direct, sessionVersion: 1 });
    expect(await getSessionUser()).toMatchObject({ role: "dispatcher" });
    await actAs(await userBy("admin@demo.test"));
    expect(await updateUserAction(direct.id, { status: "deactivated" })).toEqual({ ok: true });
    await actAs({ ...direct, sessionVersion: 1 });
    expect(await getSessionUser()).toBeNull();
    await expect(authenticateUser({ email: "direct@demo.test", password: "a chosen password", ip: null })).rejects.toMatchObject({ code: "unauthorized" });
    await actAs(await userBy("admin@demo.test"));
    expect(await updateUserAction(direct.id, { status: "active" })).toEqual({ ok: true });
    // Reactivated, but the old session stays ended (its session version is behind); a new sign-in works.
    await actAs({ ...direct, sessionVersion: 1 });
    expect(await getSessionUser()).toBeNull();
    expect(await authenticateUser({ email: "direct@demo.test", password: "a chosen password", ip: null })).toMatchObject({ sessionVersion: 2 });
    await actAs({ ...direct, sessionVersion: 2 });
    expect(await getSessionUser()).toMatchObject({ id: direct.id });
    expect(await actionsOn(direct.id)).toEqual(["user.reactivated", "user.sign_in_failed", "user.deactivated", "user.role_changed", "user.created"]);
  });

  it("refuses to deactivate or demote the last active admin (409 naming why), then allows it once there is another", async () => {
    const admin = await userBy("admin@demo.test");
    await actAs(admin);
    expect(await updateUserAction(admin.id, { status: "deactivated" })).toMatchObject({ ok: false, message: expect.stringContaining("last active admin") });
    expect(await updateUserAction(admin.id, { role: "manager" })).toMatchObject({ ok: false, message: expect.stringContaining("last active admin") });
    const manager = await userBy("manager@demo.test");
    expect(await updateUserAction(manager.id, { role: "admin" })).toEqual({ ok: true });
    expect(await updateUserAction(manager.id, { role: "manager" })).toEqual({ ok: true });
    expect((await userBy("admin@demo.test")).role).toBe("admin");
  });

  it("answers 404 for another company's user and a bad id, changing nothing", async () => {
    await actAs(await userBy("admin@demo.test"));
    const foreign = await userBy("admin@other.test");
    expect(await updateUserAction(foreign.id, { status: "deactivated" })).toMatchObject({ ok: false, message: `No user ${foreign.id}.` });
    expect(await sendPasswordResetAction(foreign.id)).toMatchObject({ ok: false });
    expect(await updateUserAction("1; drop table users", { role: "admin" })).toMatchObject({ ok: false, message: "Give a numeric user id." });
    expect(await updateUserAction(foreign.id, { role: "superuser" })).toMatchObject({ ok: false });
    expect((await userBy("admin@other.test")).status).toBe("active");
    expect((await listAuditEvents({ db: database().db, companyId: other, filters: { targetType: "user" } })).events).toEqual([]);
  });
});

describe("passwords", () => {
  it("an admin's reset link (1 hour, once) sets a new password and ends the user's other sessions", async () => {
    const dispatcher = await userBy("dispatcher@demo.test");
    await actAs(await userBy("admin@demo.test"));
    const sent = await sendPasswordResetAction(dispatcher.id);
    if (!sent.ok) throw new Error(sent.message);
    expect(Date.parse(sent.link.expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(sent.link.mailed).toBe(true);
    await actAs(null);
    expect(await redirectOf(resetPasswordAction(tokenOf(sent.link.url), null, formOf({ password: "a reset password", confirm: "a reset password" })))).toBe(
      "/map",
    );
    expect(await getSessionUser()).toMatchObject({ email: "dispatcher@demo.test" });
    expect(await resetPasswordAction(tokenOf(sent.link.url), null, formOf({ password: "a second reset", confirm: "a second reset" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("already used"),
    });
    await actAs(dispatcher);
    expect(await getSessionUser()).toBeNull();
    expect(await authenticateUser({ email: "dispatcher@demo.test", password: "a reset password", ip: null })).toMatchObject({ id: dispatcher.id });
    expect(await actionsOn(dispatcher.id)).toEqual(["user.password_reset", "user.password_reset_sent"]);
  });

  it("forgot password mails a link to an active account and answers the same for an unknown one", async () => {
    const before = smtp.received.length;
    expect(await forgotPasswordAction(null, formOf({ email: "manager@demo.test" }))).toMatchObject({ ok: true });
    expect(await forgotPasswordAction(null, formOf({ email: "nobody@demo.test" }))).toMatchObject({ ok: true });
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["manager@demo.test"]);
    const token = /reset-password\/([0-9A-Za-z]+)/.exec(mail.raw.replace(/=\r?\n/g, ""))![1];
    expect(await redirectOf(resetPasswordAction(token, null, formOf({ password: "manager's new password", confirm: "manager's new password" })))).toBe("/map");
  });

  it("changes your own password on the Account page only with the current one", async () => {
    // Its session version counts the reset and the two role changes above.
    const manager = await userBy("manager@demo.test");
    await actAs(manager);
    expect(
      await changeOwnPasswordAction(null, formOf({ currentPassword: "wrong password", newPassword: "my newest password", confirm: "my newest password" })),
    ).toMatchObject({ ok: false, fieldErrors: { currentPassword: expect.any(String) } });
    expect(
      await changeOwnPasswordAction(
        null,
        formOf({ currentPassword: "manager's new password", newPassword: "my newest password", confirm: "my newest password" }),
      ),
    ).toMatchObject({ ok: true });
    await resetRateLimits(database().db);
    expect(await authenticateUser({ email: "manager@demo.test", password: "my newest password", ip: null })).toMatchObject({ id: manager.id });
    const [changed] = (await listAuditEvents({ db: database().db, companyId: demo, filters: { action: "user.password_changed" } })).events;
    expect(changed).toMatchObject({ actorId: String(manager.id), actorIp: "203.0.113.50", targetId: String(manager.id) });
    expect(JSON.stringify(changed)).not.toContain("my newest password");
  });
});

describe("what the audit log holds", () => {
  it("every user action these tests performed, attributed to who did it", async () => {
    const { events } = await listAuditEvents({ db: database().db, companyId: demo, filters: { targetType: "user" }, limit: 500 });
    const performed = new Set(events.map((event) => event.action));
    for (const action of [
      "user.invited",
      "user.invite_accepted",
      "user.created",
      "user.role_changed",
      "user.deactivated",
      "user.reactivated",
      "user.password_reset_sent",
      "user.password_reset",
      "user.password_changed",
    ]) {
      expect(performed, action).toContain(action);
    }
    const deactivated = events.find((event) => event.action === "user.deactivated")!;
    expect(deactivated).toMatchObject({ actorType: "user", actorName: "Demo Fleet Admin", changes: { status: { before: "active", after: "deactivated" } } });
    const forgot = events.find((event) => event.action === "user.password_reset_sent" && event.actorType === "system");
    expect(forgot?.actorName).toBe("Forgot-password form");
  });

  it("an operator's change is attributed to the operator", async () => {
    const { updateUser } = await import("@/lib/access/users/update-user");
    const manager = await userBy("manager@demo.test");
    await updateUser({ companyId: demo, userId: manager.id, input: { name: "Renamed Manager" }, actor: operatorActor("ops") });
    const [renamed] = (await listAuditEvents({ db: database().db, companyId: demo, filters: { action: "user.updated" } })).events;
    expect(renamed).toMatchObject({ actorType: "operator", changes: { name: { before: "Demo Fleet Manager", after: "Renamed Manager" } } });
    const role: Role = (
      await database()
        .db.select({ role: users.role })
        .from(users)
        .where(and(eq(users.companyId, demo), eq(users.id, manager.id)))
    )[0].role;
    expect(role).toBe("manager");
  });
});
