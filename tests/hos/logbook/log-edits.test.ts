import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, hosLogs, users, type DutyStatus } from "@/db/schema";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { listCertifiedDates } from "@/lib/hos/records/certified-days";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { answerLogEdit, listLogEdits, proposeLogEdit } from "@/lib/hos/logbook/log-edits";
import { actAs, nextCacheMock, nextHeadersMock } from "../../helpers/server-action-session";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { addVehicleAndDriver } from "./logbook-fixtures";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);
// Imported after the mocks are in place.
const { proposeLogEditAction } = await import("@/app/(dashboard)/hos/[driverId]/actions");

const HOUR = 3_600_000;
const database = useTestDatabase();
let demo = 0;
let other = 0;
const manager = operatorActor("test manager");
// A past day of the (UTC) drivers' logs, three days back: every edit below is in the past and within it.
const DAY = Date.parse(`${new Date(Date.now() - 3 * 24 * HOUR).toISOString().slice(0, 10)}T00:00:00Z`);
const at = (hours: number) => new Date(DAY + hours * HOUR);
const date = (hours: number) => at(hours).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
});

const tenant = () => ({ db: database().db, companyId: demo, dataset: "live" as const });
const actorOf = (driver: { id: number; name: string }) => driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null });

/** A driver whose log holds `entries` (hours from DAY's midnight). */
const driverWithLog = async (entries: { hours: number; status: DutyStatus; origin?: "automatic" | "manual" }[]) => {
  const { driver } = await addVehicleAndDriver({ db: database().db, companyId: demo });
  await database()
    .db.insert(hosLogs)
    .values(
      entries.map(({ hours, status, origin = "manual" }) => ({
        companyId: demo,
        dataset: "live" as const,
        driverId: driver!.id,
        status,
        startTime: at(hours),
        origin,
      })),
    );
  return driver!;
};
const logOf = async (driverId: number) =>
  (
    await database()
      .db.select()
      .from(hosLogs)
      .where(and(eq(hosLogs.companyId, demo), eq(hosLogs.driverId, driverId)))
      .orderBy(asc(hosLogs.startTime))
  ).map((entry) => ({
    id: entry.id,
    status: entry.status,
    hours: (entry.startTime.getTime() - DAY) / HOUR,
    remark: entry.remark,
  }));
const auditedEditActions = async (entryId: number) =>
  (
    await database()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.targetId, String(entryId))))
  ).map((event) => event.action);

describe("a manager's proposed edit of a driver's log (395.30(c))", () => {
  it("changes nothing until the driver accepts; rejected stays unchanged; accepted keeps the original as superseded", async () => {
    const driver = await driverWithLog([
      { hours: -4, status: "offDuty" },
      { hours: 6, status: "onDuty" },
      { hours: 9, status: "offDuty" },
    ]);
    const before = await logOf(driver.id);
    const onDuty = before[1];
    const input = {
      entryId: onDuty.id,
      status: "onDuty" as const,
      startTime: at(5.5),
      endTime: null,
      remark: "Pre-trip inspection",
      reason: "Yard camera shows the inspection from 5:30",
    };
    const first = await proposeLogEdit({ ...tenant(), driverId: driver.id, input, actor: manager });
    expect(await logOf(driver.id)).toEqual(before);
    expect(await listLogEdits({ ...tenant(), driverId: driver.id, states: ["pending"] })).toMatchObject([
      { id: first.id, reason: input.reason, proposedByName: "test manager", state: "pending" },
    ]);
    await answerLogEdit({ ...tenant(), driverId: driver.id, editId: first.id, accept: false, actor: actorOf(driver) });
    expect(await logOf(driver.id)).toEqual(before);
    await expect(answerLogEdit({ ...tenant(), driverId: driver.id, editId: first.id, accept: true, actor: actorOf(driver) })).rejects.toMatchObject({
      code: "conflict",
    });

    const second = await proposeLogEdit({ ...tenant(), driverId: driver.id, input, actor: manager });
    await answerLogEdit({ ...tenant(), driverId: driver.id, editId: second.id, accept: true, actor: actorOf(driver) });
    expect((await logOf(driver.id)).map(({ status, hours, remark }) => ({ status, hours, remark }))).toEqual([
      { status: "offDuty", hours: -4, remark: "" },
      { status: "onDuty", hours: 5.5, remark: "Pre-trip inspection" },
      { status: "offDuty", hours: 9, remark: "" },
    ]);
    const [accepted, rejected] = await listLogEdits({ ...tenant(), driverId: driver.id });
    expect(accepted).toMatchObject({
      state: "accepted",
      answeredAt: expect.any(Date),
      superseded: [{ id: onDuty.id, status: "onDuty", startTime: at(6).toISOString() }],
    });
    expect(rejected).toMatchObject({ state: "rejected", answeredAt: expect.any(Date) });
    expect((await auditedEditActions(onDuty.id)).sort()).toEqual([
      "hos_log.edit_accepted",
      "hos_log.edit_proposed",
      "hos_log.edit_proposed",
      "hos_log.edit_rejected",
    ]);
  });

  it("inserts an entry whose status ends at a given time, the interrupted status resuming; accepted, it withdraws the day's certification", async () => {
    const driver = await driverWithLog([
      { hours: -4, status: "offDuty" },
      { hours: 6, status: "onDuty" },
      { hours: 12, status: "offDuty" },
    ]);
    await certifyLogDay({ ...tenant(), driverId: driver.id, date: date(-4), actor: actorOf(driver) });
    await certifyLogDay({ ...tenant(), driverId: driver.id, date: date(6), actor: actorOf(driver) });
    const edit = await proposeLogEdit({
      ...tenant(),
      driverId: driver.id,
      input: { entryId: null, status: "offDuty", startTime: at(8), endTime: at(8.5), remark: "Lunch", reason: "Forgot the lunch break" },
      actor: manager,
    });
    expect(await listCertifiedDates({ ...tenant(), driverId: driver.id })).toEqual([date(6), date(-4)]);
    await answerLogEdit({ ...tenant(), driverId: driver.id, editId: edit.id, accept: true, actor: actorOf(driver) });
    expect((await logOf(driver.id)).map(({ status, hours }) => [status, hours])).toEqual([
      ["offDuty", -4],
      ["onDuty", 6],
      ["offDuty", 8],
      ["onDuty", 8.5],
      ["offDuty", 12],
    ]);
    expect(await listCertifiedDates({ ...tenant(), driverId: driver.id })).toEqual([date(-4)]);
  });

  it("its violations follow the accepted edit: driving cut back to 10 hours is no longer over the 11-hour limit", async () => {
    // Driving the driver accepted from unassigned driving (manual), 12 hours of it.
    const driver = await driverWithLog([
      { hours: -4, status: "offDuty" },
      { hours: 2, status: "driving" },
      { hours: 14, status: "offDuty" },
    ]);
    const violationsOf = async () => (await getDriverHos({ ...tenant(), driverId: driver.id, at: new Date() })).violations.map((violation) => violation.type);
    expect(await violationsOf()).toContain("shiftDrivingHours");
    const driving = (await logOf(driver.id))[1];
    const edit = await proposeLogEdit({
      ...tenant(),
      driverId: driver.id,
      input: { entryId: driving.id, status: "driving", startTime: at(2), endTime: at(12), remark: "", reason: "The truck was parked at 12:00 (fuel receipt)" },
      actor: manager,
    });
    expect(await violationsOf()).toContain("shiftDrivingHours");
    await answerLogEdit({ ...tenant(), driverId: driver.id, editId: edit.id, accept: true, actor: actorOf(driver) });
    expect((await logOf(driver.id)).map(({ status, hours }) => [status, hours])).toEqual([
      ["offDuty", -4],
      ["driving", 2],
      ["offDuty", 12],
    ]);
    expect(await violationsOf()).not.toContain("shiftDrivingHours");
  });

  it("refuses driving made by an edit, automatic driving shortened or changed, the future, a missing reason and another company's ids", async () => {
    const driver = await driverWithLog([
      { hours: -4, status: "offDuty" },
      { hours: 6, status: "onDuty" },
      { hours: 7, status: "driving", origin: "automatic" },
      { hours: 9, status: "onDuty" },
    ]);
    const [, onDuty, driving, after] = await logOf(driver.id);
    const propose = (input: Partial<Parameters<typeof proposeLogEdit>[0]["input"]>, companyId = demo) =>
      proposeLogEdit({
        ...tenant(),
        companyId,
        driverId: driver.id,
        input: { entryId: null, status: "offDuty", startTime: at(6.5), endTime: null, remark: "", reason: "Correction", ...input },
        actor: manager,
      });
    await expect(propose({ entryId: onDuty.id, status: "driving", startTime: at(6) })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("cannot make driving"),
    });
    await expect(propose({ status: "driving" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("cannot make driving") });
    await expect(propose({ entryId: driving.id, status: "onDuty", startTime: at(7) })).rejects.toMatchObject({
      message: expect.stringContaining("Automatically recorded driving"),
    });
    await expect(propose({ entryId: driving.id, status: "driving", startTime: at(7.5) })).rejects.toMatchObject({
      message: expect.stringContaining("Automatically recorded driving"),
    });
    await expect(propose({ entryId: after.id, status: "onDuty", startTime: at(8) })).rejects.toMatchObject({
      message: expect.stringContaining("Automatically recorded driving"),
    });
    await expect(propose({ startTime: at(8) })).rejects.toMatchObject({ message: expect.stringContaining("Automatically recorded driving") });
    // Longer automatic driving, or its remark, may be proposed.
    await expect(propose({ entryId: driving.id, status: "driving", startTime: at(6.75), remark: "Left the yard" })).resolves.toMatchObject({
      id: expect.any(Number),
    });
    await expect(propose({ entryId: after.id, startTime: new Date(Date.now() + HOUR) })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("future"),
    });
    await expect(propose({ reason: " " })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining('"reason"') });
    await expect(propose({}, other)).rejects.toMatchObject({ code: "not_found" });
    const { driver: stranger } = await addVehicleAndDriver({ db: database().db, companyId: demo });
    await expect(
      proposeLogEdit({
        ...tenant(),
        driverId: stranger!.id,
        input: { entryId: onDuty.id, status: "offDuty", startTime: at(6), endTime: null, remark: "", reason: "Wrong driver" },
        actor: manager,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const edit = await propose({ startTime: at(6.5) });
    await expect(answerLogEdit({ ...tenant(), driverId: stranger!.id, editId: edit.id, accept: true, actor: actorOf(stranger!) })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      answerLogEdit({ db: database().db, companyId: other, dataset: "live", driverId: driver.id, editId: edit.id, accept: true, actor: actorOf(driver) }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("takes a manager's proposal from the driver's page (times on the driver's clock) and refuses a dispatcher's, recording the refusal", async () => {
    const { db } = database();
    const driver = await driverWithLog([{ hours: -4, status: "offDuty" }]);
    const userOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    };
    const fields = {
      entryId: "",
      status: "onDuty",
      startTime: `${date(7)}T07:00`,
      endTime: `${date(7)}T07:30`,
      remark: "Fuel",
      reason: "Fuel receipt at 7:05",
    };
    await actAs(await userOf("dispatcher@demo.test"));
    expect(await proposeLogEditAction(driver.id, { status: "idle" }, form(fields))).toMatchObject({ ok: false, message: expect.stringContaining("may not") });
    expect(
      await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.action, "hos_log.denied"))),
    ).toHaveLength(1);
    expect(await listLogEdits({ ...tenant(), driverId: driver.id })).toEqual([]);
    await actAs(await userOf("manager@demo.test"));
    expect(await proposeLogEditAction(driver.id, { status: "idle" }, form({ ...fields, startTime: "7 o'clock" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('"startTime"'),
    });
    expect(await proposeLogEditAction(driver.id, { status: "idle" }, form(fields))).toMatchObject({ ok: true });
    expect(await listLogEdits({ ...tenant(), driverId: driver.id })).toMatchObject([
      { entryId: null, status: "onDuty", startTime: at(7), endTime: at(7.5), proposedByName: expect.stringContaining("Manager") },
    ]);
  });
});
