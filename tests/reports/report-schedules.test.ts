import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { drivers, trips, vehicles } from "@/db/schema";
import { listAuditEvents, operatorActor } from "@/lib/platform/audit";
import { reloadConfig } from "@/lib/platform/config";
import { sendQueuedMail } from "@/lib/outbound/mail/send-queued-mail";
import { createReportSchedule, deleteReportSchedule, listReportSchedules } from "@/lib/reports/report-schedules";
import { lastCompletePeriod } from "@/lib/reports/schedule-period";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { startSmtpSink, type ReceivedMail } from "../helpers/smtp-sink";
import { seedTestCompanies } from "../helpers/seeded";
import { useTestDatabase } from "../helpers/test-database";

const database = useTestDatabase();
const actor = operatorActor("schedules test");
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let tenant: { companyId: number; dataset: "live" };
let other: { companyId: number; dataset: "live" };
let vehicle: { id: number; name: string };
let otherDriver: { id: number };

beforeAll(async () => {
  sink = await startSmtpSink();
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
  tenant = { companyId: demoCompanyId, dataset: "live" };
  other = { companyId: otherCompanyId, dataset: "live" };
  [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
    .orderBy(asc(vehicles.id));
  [otherDriver] = await db.select().from(drivers).where(eq(drivers.companyId, otherCompanyId)).limit(1);
  // Monday 9 November 2026, 09:00–09:30 CST (the demo company is in America/Chicago).
  await db.insert(trips).values({
    ...tenant,
    vehicleId: vehicle.id,
    startTime: new Date("2026-11-09T15:00:00Z"),
    endTime: new Date("2026-11-09T15:30:00Z"),
    startLatitude: 41.88,
    startLongitude: -87.63,
    startAddress: "105 S State St, Chicago, IL",
    endLatitude: 41.9,
    endLongitude: -87.63,
    endAddress: "1800 N Halsted St, Chicago, IL",
    distanceMeters: 16_093,
    maxSpeed: 20,
    fuelUsedPercent: 1,
  });
});
afterAll(() => sink.close());
beforeEach(() => {
  vi.stubEnv("SMTP_URL", sink.url);
  reloadConfig();
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

/** The text of a mail's attachment (nodemailer sends a CSV base64-encoded). */
const attachmentText = (mail: ReceivedMail) => {
  const part = /Content-Disposition: attachment[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
  return part ? Buffer.from(part[1].replace(/\s/g, ""), "base64").toString("utf8") : "";
};

describe("scheduled reports", () => {
  it("mail each period's report exactly once, with the CSV, however many instances check", async () => {
    const { db } = database();
    const input = { kind: "trips", vehicleIds: [vehicle.id], frequency: "daily", recipients: ["Ops@Example.test", "boss@example.test"] };
    const schedule = await createReportSchedule({ db, ...tenant, input, actor, now: new Date("2026-11-09T18:00:00Z") });
    // Scheduling mails nothing at once: the first mail is Monday's, once Monday is over.
    expect(await sendScheduledReports({ db, now: new Date("2026-11-09T23:00:00Z") })).toBe(0);
    const tuesday = new Date("2026-11-10T12:00:00Z");
    const checks = await Promise.all([sendScheduledReports({ db, now: tuesday }), sendScheduledReports({ db, now: tuesday })]);
    expect(checks[0] + checks[1]).toBe(1);
    expect(await sendScheduledReports({ db, now: new Date("2026-11-11T05:00:00Z") })).toBe(0); // still Tuesday in Chicago
    const before = sink.received.length;
    await sendQueuedMail({ db });
    const mails = sink.received.slice(before);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(["boss@example.test", "ops@example.test"]);
    expect(mails[0].subject).toBe("Trips, 2026-11-09");
    const csv = attachmentText(mails[0]);
    expect(csv.split(/\r?\n/)[0]).toMatch(/^Vehicle,Driver,Start,End/);
    expect(csv).toContain(`${vehicle.name},,2026-11-09T09:00:00-06:00,2026-11-09T09:30:00-06:00`);
    expect(mails[0].raw).toMatch(/filename=trips-2026-11-09-2026-11-09\.csv/);
    // Wednesday brings Tuesday's (empty) report: one more check, one more mail each.
    expect(await sendScheduledReports({ db, now: new Date("2026-11-11T12:00:00Z") })).toBe(1);
    await deleteReportSchedule({ db, ...tenant, scheduleId: schedule.id, actor });
    expect(await sendScheduledReports({ db, now: new Date("2026-11-12T12:00:00Z") })).toBe(0);
    const audited = await listAuditEvents({ db, companyId: tenant.companyId, filters: { targetType: "report_schedule" }, limit: 10 });
    expect(audited.events.map((event) => event.action).sort()).toEqual(["report_schedule.created", "report_schedule.deleted"]);
  });

  it("a weekly schedule covers last Monday to Sunday in the company's zone", () => {
    const sundayEvening = new Date("2026-11-16T04:00:00Z"); // Sunday 22:00 CST
    expect(lastCompletePeriod({ frequency: "weekly", now: sundayEvening, timeZone: "America/Chicago" })).toEqual({ from: "2026-11-02", to: "2026-11-08" });
    expect(lastCompletePeriod({ frequency: "weekly", now: new Date("2026-11-16T07:00:00Z"), timeZone: "America/Chicago" })).toEqual({
      from: "2026-11-09",
      to: "2026-11-15",
    });
  });

  it.each([
    ["an invalid e-mail address", { recipients: ["not-an-address"] }, "bad_request", "recipients.0"],
    ["no recipient", { recipients: [] }, "bad_request", "recipients"],
    ["an unknown frequency", { frequency: "hourly" }, "bad_request", "frequency"],
    ["an unknown vehicle", { vehicleIds: [999_999] }, "not_found", "vehicleIds"],
    ["another company's driver", () => ({ driverIds: [otherDriver.id] }), "not_found", "driverIds"],
    // A schedule mails the whole report: the page of the table shown is no part of it.
    ["a page of the Reports page's table", { page: 2 }, "bad_request", "page"],
  ])("refuse %s, naming the field", async (_, change, code, field) => {
    const input = { kind: "trips", frequency: "weekly", recipients: ["ops@example.test"], ...(typeof change === "function" ? change() : change) };
    await expect(createReportSchedule({ db: database().db, ...tenant, input, actor })).rejects.toMatchObject({ code, message: expect.stringContaining(field) });
  });

  it("keep each company's schedules to itself", async () => {
    const { db } = database();
    const mine = await createReportSchedule({ db, ...tenant, input: { kind: "idling", frequency: "weekly", recipients: ["ops@example.test"] }, actor });
    expect((await listReportSchedules({ db, ...other })).map((row) => row.id)).not.toContain(mine.id);
    await expect(deleteReportSchedule({ db, ...other, scheduleId: mine.id, actor })).rejects.toMatchObject({ code: "not_found" });
  });
});
