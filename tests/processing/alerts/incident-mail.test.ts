import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { alertRules, companies, contacts, mailOutbox, users } from "@/db/schema";
import { checkSilentDevices } from "@/lib/processing/alerts/check-silent-devices";
import { emailUsersAction } from "@/lib/processing/alerts/alert-recipients";
import { alertsProcessor } from "@/lib/processing/alerts/alerts-processor";
import { listInboxIncidents } from "@/lib/processing/alerts/list-incidents";
import { reloadConfig } from "@/lib/platform/config";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { sendQueuedMail } from "@/lib/outbound/mail/send-queued-mail";
import { startSmtpSink } from "../../helpers/smtp-sink";
import { useTestDatabase } from "../../helpers/test-database";
import { CENTRE, OUTSIDE, setupAlertTrack } from "./alert-track";

const database = useTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
beforeEach(() => {
  vi.stubEnv("SMTP_URL", sink.url);
  vi.stubEnv("PUBLIC_URL", "https://fleet.example.test");
  reloadConfig();
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

// Each test starts with no rules and an empty outbox (the track's place is the same spot every time).
beforeEach(async () => {
  await database().db.update(alertRules).set({ deletedAt: new Date() }).where(isNull(alertRules.deletedAt));
  await database().db.delete(mailOutbox);
});

const usersOf = (companyId: number) => database().db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id));

describe("incident e-mail", () => {
  it("mails each recipient of the rule once when an incident opens, whatever the re-runs and restarts", async () => {
    const { db } = database();
    const { tenant, a, place, rule, drive } = await setupAlertTrack(db);
    const [admin, manager] = await usersOf(tenant.companyId);
    await rule({
      name: "Arrives at depot",
      trigger: { type: "placeEntry", placeIds: [place.id] },
      actions: [emailUsersAction([admin.id, manager.id]), { actionTypeId: 4 }],
    });
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
      [20, CENTRE],
    ]);
    const before = sink.received.length;
    await Promise.all([
      runTelemetryProcessors({ db, processors: [alertsProcessor], window: 1 }),
      runTelemetryProcessors({ db, processors: [alertsProcessor], window: 1 }),
    ]);
    // The same points again, then a fresh runner (a restart), then two senders at once.
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
      [20, CENTRE],
    ]);
    await runTelemetryProcessors({ db, processors: [alertsProcessor] });
    await Promise.all([sendQueuedMail({ db }), sendQueuedMail({ db })]);
    expect(await sendQueuedMail({ db })).toEqual({ attempted: 0, sent: 0 });
    const mails = sink.received.slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual([[admin.email], [manager.email]].sort());
    expect(mails[0].subject).toBe(`Alert: Arrives at depot, ${a.name}`);
    expect(mails[0].raw).toContain(`Vehicle: ${a.name}`);
    expect(mails[0].raw).toContain("Loop depot (Loop, Chicago)");
    expect(mails[0].raw).toMatch(/When: \w{3} \d+, \d{4} \d\d:\d\d C[SD]T \(America\/Chicago\)/);
    expect(mails[0].raw).toContain("https://fleet.example.test/alerts/inbox");
  });

  it("mails the rule's contacts beside its users, each address once; a contact without an address or deleted is mailed nothing", async () => {
    const { db } = database();
    const { tenant, a, place, rule, drive, run } = await setupAlertTrack(db);
    const [admin] = await usersOf(tenant.companyId);
    const contactRows = await db
      .insert(contacts)
      .values([
        { ...tenant, firstName: "Night", lastName: "Dispatch", email: "night.dispatch@partner.test" },
        { ...tenant, firstName: "Same", email: admin.email },
        { ...tenant, firstName: "Phone", phone: "+1 312 555 0100" },
        { ...tenant, firstName: "Gone", email: "gone@partner.test" },
      ])
      .returning({ id: contacts.id });
    const [night, same, phoneOnly, gone] = contactRows.map((row) => String(row.id));
    const recipients = [
      { type: "user", userId: String(admin.id) },
      ...[night, same, phoneOnly, gone].map((contactId) => ({ type: "contact", contactId, notificationTypes: ["email"] })),
    ];
    await rule({ name: "Reaches depot", trigger: { type: "placeEntry", placeIds: [place.id] }, actions: [{ actionTypeId: 1, actionParams: { recipients } }] });
    await db.delete(contacts).where(and(eq(contacts.companyId, tenant.companyId), eq(contacts.id, Number(gone))));
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await run();
    const before = sink.received.length;
    await sendQueuedMail({ db });
    expect(
      sink.received
        .slice(before)
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual([admin.email, "night.dispatch@partner.test"].sort());
  });

  it("mails a device-silent incident opened by the periodic check", async () => {
    const { db } = database();
    const { tenant, b, rule, drive, run, at } = await setupAlertTrack(db);
    const [, , dispatcher] = await usersOf(tenant.companyId);
    await rule({ name: "Quiet", trigger: { type: "deviceSilent", minutes: 15 }, actions: [emailUsersAction([dispatcher.id])] });
    await drive(b.id, [[0, OUTSIDE]]);
    await run();
    const before = sink.received.length;
    await checkSilentDevices({ db, now: at(20 * 60) });
    await sendQueuedMail({ db });
    expect(sink.received.slice(before)).toEqual([expect.objectContaining({ to: [dispatcher.email], subject: `Alert: Quiet, ${b.name}` })]);
    expect(sink.received.at(-1)!.raw).toContain(`${OUTSIDE.latitude.toFixed(5)}, ${OUTSIDE.longitude.toFixed(5)}`);
  });

  it.each([
    ["km", "Over 100 km/h for 10 s", /mph|\bmi\b|mile/],
    ["mi", "Over 62 mph for 10 s", /km/],
  ] as const)("writes a speeding incident's text in the company's unit (%s): inbox, mail and webhook", async (unit, text, otherUnit) => {
    const { db } = database();
    const { tenant, a, rule, drive, run, events } = await setupAlertTrack(db);
    const [admin] = await usersOf(tenant.companyId);
    const [{ distanceUnit }] = await db.select({ distanceUnit: companies.distanceUnit }).from(companies).where(eq(companies.id, tenant.companyId));
    await db.update(companies).set({ distanceUnit: unit }).where(eq(companies.id, tenant.companyId));
    try {
      const speeding = await rule({ name: "Too fast", trigger: { type: "speeding", speedKph: 100, seconds: 10 }, actions: [emailUsersAction([admin.id])] });
      await drive(a.id, [
        [0, OUTSIDE, 30],
        [11, OUTSIDE, 30],
        [20, OUTSIDE, 10],
      ]);
      await run();
      const before = sink.received.length;
      await sendQueuedMail({ db });
      const [mail] = sink.received.slice(before);
      expect(mail.raw).toContain(`${text} (rule "Too fast").`);
      expect(mail.raw).not.toMatch(otherUnit);
      const [incident] = await listInboxIncidents({ db, ...tenant, filter: "all", limit: 1 });
      expect(incident).toMatchObject({ ruleName: "Too fast", description: text });
      const opened = (await events()).filter(
        (event) => event.eventType === "AlertIncident" && (event.data as { configurationId?: string }).configurationId === String(speeding.id),
      );
      expect(opened.length).toBeGreaterThan(0);
      for (const event of opened) expect(JSON.stringify(event.data)).toContain(`"description":"${text}"`);
    } finally {
      await db.update(companies).set({ distanceUnit }).where(eq(companies.id, tenant.companyId));
    }
  });

  it("retries a message while the SMTP server is down, sends it when it is back, and gives up after a day", async () => {
    const { db } = database();
    const { tenant, a, place, rule, drive, run } = await setupAlertTrack(db);
    const [admin] = await usersOf(tenant.companyId);
    await rule({ name: "Leaves depot", trigger: { type: "placeExit", placeIds: [place.id] }, actions: [emailUsersAction([admin.id])] });
    const down = await startSmtpSink();
    await down.close();
    vi.stubEnv("SMTP_URL", down.url);
    reloadConfig();
    await drive(a.id, [
      [0, CENTRE],
      [10, OUTSIDE],
      [20, CENTRE],
      [30, OUTSIDE],
    ]);
    await run();
    const queued = () =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, tenant.companyId), eq(mailOutbox.recipient, admin.email)))
        .orderBy(asc(mailOutbox.id));
    const [, second] = await queued();
    expect(await sendQueuedMail({ db })).toEqual({ attempted: 2, sent: 0 });
    expect((await queued())[0]).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    // Not due again before its backoff.
    expect(await sendQueuedMail({ db })).toEqual({ attempted: 0, sent: 0 });
    // The second was queued a day ago: its next failure is its last.
    await db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(mailOutbox.companyId, tenant.companyId), eq(mailOutbox.id, second.id)));
    const later = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);
    expect(await sendQueuedMail({ db, now: later(1) })).toEqual({ attempted: 2, sent: 0 });
    const back = await startSmtpSink();
    vi.stubEnv("SMTP_URL", back.url);
    reloadConfig();
    expect(await sendQueuedMail({ db, now: later(2) })).toEqual({ attempted: 1, sent: 1 });
    await back.close();
    expect(back.received.map((mail) => [mail.to, mail.subject])).toEqual([[[admin.email], `Alert: Leaves depot, ${a.name}`]]);
    expect((await queued()).map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 3],
      ["failed", 2],
    ]);
  });

  it("queues nothing without SMTP_URL", async () => {
    vi.stubEnv("SMTP_URL", "");
    reloadConfig();
    const { db } = database();
    const { tenant, a, place, rule, drive, run } = await setupAlertTrack(db);
    const [admin] = await usersOf(tenant.companyId);
    await rule({ name: "Arrives quietly", trigger: { type: "placeEntry", placeIds: [place.id] }, actions: [emailUsersAction([admin.id])] });
    const before = await db.$count(mailOutbox);
    await drive(a.id, [
      [0, OUTSIDE],
      [10, CENTRE],
    ]);
    await run();
    expect(await db.$count(mailOutbox)).toBe(before);
  });
});
