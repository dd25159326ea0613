import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, eldEvents, eldTransfers } from "@/db/schema";
import { monitorEldTransfer, transferEldFile } from "@/lib/hos/eld-transfer";
import { listActiveEldConditions } from "@/lib/hos/eld-events/active-eld-conditions";
import { eldFileRange, loadEldFileInput } from "@/lib/hos/eld-file";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { driverActor } from "@/lib/platform/audit";
import { useFmcsaTransfer } from "../../helpers/fmcsa-transfer-env";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const tenant = { companyId: 0, dataset: "live" as const };
let driverId: number;
let idleDriverId: number;
const DAY = 86_400_000;
const start = new Date();
const day = (n: number) => new Date(start.getTime() + n * DAY);
const DOWN = "https://127.0.0.1:9/ELDSubmissionService.svc";

const fmcsa = useFmcsaTransfer();
const setUpTransfer = ({ url }: { url?: string } = {}) => fmcsa.setUpTransfer(url ? { ELD_WEB_SERVICE_URL: url } : {});
const monitor = (at: Date) => monitorEldTransfer({ db: database().db, now: at });
const checks = () =>
  database()
    .db.select()
    .from(eldTransfers)
    .where(and(eq(eldTransfers.companyId, tenant.companyId), eq(eldTransfers.method, "ping")))
    .orderBy(asc(eldTransfers.id));
const conditionRecords = (of: number) =>
  database()
    .db.select({ code: eldEvents.eventCode, diagnosticCode: eldEvents.diagnosticCode, at: eldEvents.eventAt, malfunction: eldEvents.malfunction })
    .from(eldEvents)
    .where(and(eq(eldEvents.companyId, tenant.companyId), eq(eldEvents.driverId, of), eq(eldEvents.eventType, 7)))
    .orderBy(asc(eldEvents.id));
const activeOf = async (at: Date) =>
  (await listActiveEldConditions({ db: database().db, ...tenant, drivers: [{ driverId, vehicleId: null }], now: at })).map((c) => [c.kind, c.diagnosticCode]);

beforeAll(async () => {
  const { db } = database();
  const [company] = await db
    .insert(companies)
    .values({ name: "Demo Fleet", usdotNumber: 1000003, eldRegistrationId: "ZA10", eldIdentifier: "FLT001" })
    .returning();
  await db.insert(companies).values({ name: "No HOS", hosRules: "none" });
  tenant.companyId = company.id;
  const rows = await db
    .insert(drivers)
    .values([
      { ...tenant, name: "Ana Lee", username: "ana.lee", licenseNumber: "IL0000042", licenseState: "IL", timezone: "America/Chicago" },
      { ...tenant, name: "Ivo Idle", username: "ivo", licenseNumber: "IL0000043", licenseState: "IL", timezone: "America/Chicago" },
    ])
    .returning();
  [driverId, idleDriverId] = rows.map((row) => row.id);
  await setDutyStatus({
    db,
    ...tenant,
    driverId,
    status: "onDuty",
    at: new Date(start.getTime() - 3_600_000),
    actor: driverActor({ driver: { driverId, name: "Ana Lee" }, ip: "127.0.0.1", requestId: "test" }),
  });
});

describe("monitoring the ELD data transfer (Appendix A 4.6.1.7)", () => {
  it("checks nothing when no transfer method is set up", async () => {
    expect(await monitor(start)).toBe(0);
    expect(await checks()).toEqual([]);
  });

  it("pings FMCSA's web service and checks the mail path, records the passed check, and is not due again for days", async () => {
    setUpTransfer();
    expect(await monitor(start)).toBe(1);
    const [check] = await checks();
    expect(check).toMatchObject({ driverId: null, succeeded: true, test: true });
    expect(check.outcome).toContain('Web service: FMCSA answered "OK"');
    expect(check.outcome).toContain("E-mail: ");
    expect(fmcsa.services().mailbox.received).toHaveLength(0);
    expect(await conditionRecords(driverId)).toEqual([]);
    expect(await monitor(day(1))).toBe(0);
  });

  it("checks again at once (the next daily run) after a driver's transfer failed", async () => {
    setUpTransfer({ url: DOWN });
    const result = await transferEldFile({
      db: database().db,
      ...tenant,
      driverId,
      method: "webService",
      actor: driverActor({ driver: { driverId, name: "Ana Lee" }, ip: "127.0.0.1", requestId: "test" }),
    });
    expect(result.succeeded).toBe(false);
    setUpTransfer();
    expect(await monitor(day(1))).toBe(1);
    expect((await checks()).at(-1)?.succeeded).toBe(true);
    expect(await conditionRecords(driverId)).toEqual([]);
  });

  it("logs the data diagnostic when the service is down, the malfunction after 3 more failed daily checks, and clears both", async () => {
    setUpTransfer({ url: DOWN });
    // The weekly check, 6½ days after the last (the daily runs keep it within 7).
    expect(await monitor(day(7.5))).toBe(1);
    const failed = (await checks()).at(-1)!;
    expect(failed.succeeded).toBe(false);
    expect(failed.outcome).toMatch(/^Web service failed: .*; E-mail: /);
    expect(await conditionRecords(driverId)).toEqual([{ code: 3, diagnosticCode: "4", at: day(7.5), malfunction: false }]);
    // Only the drivers with ELD records in the roadside period.
    expect(await conditionRecords(idleDriverId)).toEqual([]);
    expect(await activeOf(day(7.5))).toEqual([["diagnostic", "4"]]);
    // Unconfirmed: checked every day, no repeated record, the malfunction at the third further failed check.
    expect(await monitor(day(8.5))).toBe(1);
    expect(await monitor(day(9.5))).toBe(1);
    expect(await conditionRecords(driverId)).toHaveLength(1);
    expect(await monitor(day(10.5))).toBe(1);
    expect((await conditionRecords(driverId)).slice(1)).toEqual([{ code: 1, diagnosticCode: "S", at: day(10.5), malfunction: true }]);
    expect(await activeOf(day(10.5))).toEqual([
      ["malfunction", "S"],
      ["diagnostic", "4"],
    ]);
    // The driver's output file lists them in its malfunctions and diagnostics segment.
    const { db } = database();
    const input = await loadEldFileInput({
      db,
      ...tenant,
      driverId,
      range: eldFileRange({ driver: { timezone: "America/Chicago", dayStartHour: 0 }, now: day(10.51) }),
      now: day(10.51),
      outputFileComment: "",
    });
    expect(input.malfunctions.map((m) => [m.code, m.diagnosticCode])).toEqual(
      expect.arrayContaining([
        [3, "4"],
        [1, "S"],
      ]),
    );
    setUpTransfer();
    expect(await monitor(day(11.5))).toBe(1);
    expect((await conditionRecords(driverId)).slice(2).map((r) => [r.code, r.diagnosticCode])).toEqual([
      [4, "4"],
      [2, "S"],
    ]);
    expect(await activeOf(day(11.5))).toEqual([]);
    expect(await monitor(day(12.5))).toBe(0);
  });
});
