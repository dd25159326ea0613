import { and, asc, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { getRequestUser } from "@/app/_server/session";
import { auditEvents, driverLogins, drivers, drivingDetectorStates, eldEvents, hosLogs } from "@/db/schema";
import { hashPassword } from "@/lib/platform/credentials/password";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { getAuthOptions } from "@/lib/access/auth/auth-options";
import { sessionClaimsOf } from "@/lib/access/auth/session-claims";
import { canDo, canOpen, SECTIONS, type Section } from "@/lib/access/auth/role-policy";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { getSecret } from "@/lib/platform/config";
import { listCertifiedDates } from "@/lib/hos/records/certified-days";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { changeOwnDutyStatus } from "@/lib/hos/logbook/change-own-duty-status";
import { certifyLogDay } from "@/lib/hos/logbook/certify-log-day";
import { authenticateDriver, setDriverSecret } from "@/lib/hos/logbook/driver-logins";
import { annotateUnassignedDriving, answerUnassignedDriving, assignUnassignedDriving, listUnassignedDriving } from "@/lib/hos/logbook/unassigned-driving";
import { useTestDatabase } from "../../helpers/test-database";
import { addVehicleAndDriver, ingestAndProcess, recordedTrack, seedLogbookCompanies } from "./logbook-fixtures";

const HOUR = 3_600_000;
const database = useTestDatabase();
let demo = 0;
let other = 0;
const manager = operatorActor("test manager");

beforeAll(async () => {
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedLogbookCompanies({ db: database().db, liveVehicles: 2 }));
});

const tenant = () => ({ db: database().db, companyId: demo, dataset: "live" as const });
const actorOf = (driver: { id: number; name: string }) => driverActor({ driver: { driverId: driver.id, name: driver.name }, ip: null, requestId: null });
const logOf = async (driverId: number) =>
  database()
    .db.select()
    .from(hosLogs)
    .where(and(eq(hosLogs.companyId, demo), eq(hosLogs.driverId, driverId)))
    .orderBy(asc(hosLogs.startTime));

/** A finished drive of a driverless vehicle, `hoursAgo` before now, `minutes` long. */
const unassignedDrive = async ({ hoursAgo, minutes }: { hoursAgo: number; minutes: number }) => {
  const { db } = database();
  const { vehicle } = await addVehicleAndDriver({ db, companyId: demo, driver: false });
  await ingestAndProcess({
    db,
    companyId: demo,
    positions: recordedTrack({ vehicleId: vehicle.id, start: new Date(Date.now() - hoursAgo * HOUR), driveMinutes: minutes, restAfter: 10, everySeconds: 60 }),
    batch: 500,
  });
  const [segment] = (await listUnassignedDriving(tenant())).filter((s) => s.vehicle.id === vehicle.id);
  return segment;
};

describe("driver sign-in", () => {
  it("signs a driver in with the username and the PIN an admin set (hashed, audited), and nothing else", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "482193", actor: manager });
    const [login] = await db.select().from(driverLogins).where(eq(driverLogins.driverId, driver!.id));
    expect(login.secretHash).not.toContain("482193");
    const signedIn = await authenticateDriver({ username: driver!.username.toUpperCase(), secret: "482193", ip: "192.0.2.80" });
    expect(signedIn).toMatchObject({ driverId: driver!.id, companyId: demo, dataset: "live" });
    await expect(authenticateDriver({ username: driver!.username, secret: "482194", ip: "192.0.2.80" })).rejects.toMatchObject({ code: "unauthorized" });
    // The ELD's login and logout records (Table 6, type 5), on the ELD of the driver's truck: the logbook's sign-out is next-auth's.
    await getAuthOptions().events!.signOut!({ token: { driver: signedIn }, session: null as never });
    const sessions = await db
      .select()
      .from(eldEvents)
      .where(and(eq(eldEvents.driverId, driver!.id), eq(eldEvents.eventType, 5)))
      .orderBy(asc(eldEvents.id));
    expect(sessions.map((record) => [record.eventCode, record.vehicleId])).toEqual([
      [1, driver!.staticAssignedVehicleId],
      [2, driver!.staticAssignedVehicleId],
    ]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.action, "driver.sign_in_set")));
    expect(audit.some((event) => event.targetId === String(driver!.id))).toBe(true);
    await expect(setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "12", actor: manager })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining('"secret"'),
    });
  });

  it("refuses a new PIN shorter than 6 digits (10,000 four-digit PINs fall to the sign-in throttle within weeks); one already set still signs in", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    for (const short of ["4821", "48213"]) {
      await expect(setDriverSecret({ ...tenant(), driverId: driver!.id, secret: short, actor: manager })).rejects.toMatchObject({
        code: "bad_request",
        message: expect.stringContaining("6 to 12 digits"),
      });
    }
    // A 4-digit PIN set before this rule (its hash is in the table) keeps working until it is changed.
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "password-9", actor: manager });
    await db
      .update(driverLogins)
      .set({ secretHash: await hashPassword("4821") })
      .where(eq(driverLogins.driverId, driver!.id));
    expect(await authenticateDriver({ username: driver!.username, secret: "4821", ip: "192.0.2.82" })).toMatchObject({ driverId: driver!.id });
  });

  it("refuses a renamed driver, another company's driver id (404) and a username another company's driver signs in with (409)", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    await setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "password-1", actor: manager });
    await db
      .update(drivers)
      .set({ username: `${driver!.username}-renamed` })
      .where(eq(drivers.id, driver!.id));
    await expect(authenticateDriver({ username: driver!.username, secret: "password-1", ip: "192.0.2.81" })).rejects.toMatchObject({ code: "unauthorized" });
    await expect(setDriverSecret({ db, companyId: other, dataset: "live", driverId: driver!.id, secret: "password-1", actor: manager })).rejects.toMatchObject({
      code: "not_found",
    });
    const [twin] = await db
      .insert(drivers)
      .values({ companyId: other, dataset: "live", name: "Twin", username: `${driver!.username}-renamed` })
      .returning();
    await expect(setDriverSecret({ db, companyId: other, dataset: "live", driverId: twin.id, secret: "password-2", actor: manager })).resolves.toBeUndefined();
    await expect(setDriverSecret({ ...tenant(), driverId: driver!.id, secret: "password-1", actor: manager })).rejects.toMatchObject({ code: "conflict" });
  });

  it("gives a driver a session that opens no dashboard page or route: only the logbook", async () => {
    const { session } = getAuthOptions().callbacks!;
    const signedIn = { driverId: 7, name: "D", username: "d", companyId: demo, companyName: "Demo Fleet", dataset: "live" as const, sessionVersion: 0 };
    const token = sessionClaimsOf({ driver: signedIn });
    expect((await session!({ session: { expires: "" }, token } as never)) as unknown).toMatchObject({ driver: signedIn, user: undefined });
    const cookie = `next-auth.session-token=${await encode({ token, secret: getSecret("AUTH_SECRET") })}`;
    expect(await getRequestUser(new Request("http://localhost/api/dashboard/fleet", { headers: { cookie } }))).toBeNull();
    for (const section of Object.keys(SECTIONS) as Section[]) expect(canOpen("driver", section)).toBe(section === "logbook");
    expect(canDo("driver", "manageHosLogs")).toBe(false);
    expect(canDo("dispatcher", "manageHosLogs")).toBe(false);
  });
});

describe("the driver's duty status and certification", () => {
  it("refuses a change in the future, before the last certified day, or while the vehicle moves", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    const now = new Date();
    await expect(setDutyStatus({ ...tenant(), driverId: driver!.id, status: "onDuty", at: new Date(now.getTime() + 60_000), now })).rejects.toMatchObject({
      code: "bad_request",
    });
    await setDutyStatus({
      ...tenant(),
      driverId: driver!.id,
      status: "onDuty",
      at: new Date(now.getTime() - 30 * HOUR),
      now: new Date(now.getTime() - 30 * HOUR),
    });
    const yesterday = new Date(now.getTime() - 24 * HOUR).toISOString().slice(0, 10);
    await certifyLogDay({ ...tenant(), driverId: driver!.id, date: yesterday, actor: actorOf(driver!) });
    await expect(certifyLogDay({ ...tenant(), driverId: driver!.id, date: "2999-01-01", actor: actorOf(driver!) })).rejects.toMatchObject({
      code: "bad_request",
    });
    const startOfToday = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    // Asked an hour into today, so the 8-hour backdating limit does not answer first late in the UTC day.
    await expect(
      setDutyStatus({ ...tenant(), driverId: driver!.id, status: "offDuty", at: new Date(startOfToday - 60_000), now: new Date(startOfToday + HOUR) }),
    ).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("certified") });
    // Today certified at `now`: nothing before that moment, but a later status re-opens today for certification.
    const today = now.toISOString().slice(0, 10);
    await certifyLogDay({ ...tenant(), driverId: driver!.id, date: today, actor: actorOf(driver!), now });
    await expect(setDutyStatus({ ...tenant(), driverId: driver!.id, status: "offDuty", at: new Date(now.getTime() - 60_000), now })).rejects.toMatchObject({
      code: "bad_request",
    });
    expect(await listCertifiedDates({ ...tenant(), driverId: driver!.id })).toEqual([today, yesterday]);
    await changeOwnDutyStatus({
      ...tenant(),
      driverId: driver!.id,
      status: "sleeperBed",
      remark: "rest",
      actor: actorOf(driver!),
      now: new Date(now.getTime() + 1_000),
    });
    expect(await listCertifiedDates({ ...tenant(), driverId: driver!.id })).toEqual([yesterday]);
    expect((await logOf(driver!.id)).at(-1)).toMatchObject({ status: "sleeperBed", remark: "rest", origin: "manual" });
    await db.insert(drivingDetectorStates).values({
      companyId: demo,
      dataset: "live",
      vehicleId: driver!.staticAssignedVehicleId!,
      driverId: driver!.id,
      motion: { open: { startTime: 1 }, previous: null },
    });
    await expect(changeOwnDutyStatus({ ...tenant(), driverId: driver!.id, status: "offDuty", remark: "", actor: actorOf(driver!) })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});

describe("unassigned driving", () => {
  it("a manager assigns a drive, the driver accepts it: it becomes their driving time, and its violations follow", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    await db
      .insert(hosLogs)
      .values({ companyId: demo, dataset: "live", driverId: driver!.id, status: "offDuty", startTime: new Date(Date.now() - 40 * HOUR), origin: "manual" });
    const segment = await unassignedDrive({ hoursAgo: 13, minutes: 12 * 60 });
    expect(segment).toMatchObject({ status: "unassigned", closed: true });
    expect(segment.from).toMatch(/IL$/);
    await expect(
      assignUnassignedDriving({ db, companyId: other, dataset: "live", segmentId: segment.id, driverId: driver!.id, actor: manager }),
    ).rejects.toMatchObject({ code: "not_found" });
    await assignUnassignedDriving({ ...tenant(), segmentId: segment.id, driverId: driver!.id, actor: manager });
    await expect(assignUnassignedDriving({ ...tenant(), segmentId: segment.id, driverId: driver!.id, actor: manager })).rejects.toMatchObject({
      code: "conflict",
    });
    // Another driver cannot answer it.
    const { driver: stranger } = await addVehicleAndDriver({ db, companyId: demo });
    await expect(
      answerUnassignedDriving({ ...tenant(), driverId: stranger!.id, segmentId: segment.id, accept: true, actor: actorOf(stranger!) }),
    ).rejects.toMatchObject({ code: "not_found" });
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: segment.id, accept: true, actor: actorOf(driver!) });
    const log = await logOf(driver!.id);
    expect(log.map((entry) => entry.status)).toEqual(["offDuty", "driving", "offDuty"]);
    expect(log[1].startTime).toEqual(segment.startTime);
    expect(log[2].startTime).toEqual(segment.endTime);
    const hos = await getDriverHos({ ...tenant(), driverId: driver!.id, at: new Date() });
    expect(hos.violations.map((violation) => violation.type)).toContain("shiftDrivingHours");
    expect((await listUnassignedDriving(tenant())).find((s) => s.id === segment.id)?.status).toBe("accepted");
  });

  it("a rejected drive returns to the list; an annotated one is explained and leaves it", async () => {
    const { db } = database();
    const { driver } = await addVehicleAndDriver({ db, companyId: demo });
    const segment = await unassignedDrive({ hoursAgo: 20, minutes: 6 });
    await assignUnassignedDriving({ ...tenant(), segmentId: segment.id, driverId: driver!.id, actor: manager });
    await answerUnassignedDriving({ ...tenant(), driverId: driver!.id, segmentId: segment.id, accept: false, actor: actorOf(driver!) });
    expect(await logOf(driver!.id)).toEqual([]);
    await expect(annotateUnassignedDriving({ ...tenant(), segmentId: segment.id, annotation: " ", actor: manager })).rejects.toMatchObject({
      code: "bad_request",
    });
    await annotateUnassignedDriving({ ...tenant(), segmentId: segment.id, annotation: "Yard move by the mechanic", actor: manager });
    expect((await listUnassignedDriving(tenant())).find((s) => s.id === segment.id)).toMatchObject({
      status: "annotated",
      annotation: "Yard move by the mechanic",
      driver: null,
    });
  });

  it("refuses a dispatcher and records the refusal", async () => {
    const { db } = database();
    await expect(
      authorizeAction({
        db,
        user: { role: "dispatcher", companyId: demo },
        action: "manageHosLogs",
        actor: manager,
        denied: { action: "unassigned_driving.denied", target: { type: "unassigned_driving", id: 1 } },
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const denied = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo), eq(auditEvents.action, "unassigned_driving.denied")));
    expect(denied).toHaveLength(1);
  });
});
