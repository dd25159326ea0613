import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drivers, faultCodes, hosLogs, trips } from "@/db/schema";
import { submitDvir } from "@/lib/fleet/inspections";
import { checkConditionRules } from "@/lib/processing/alerts/check-condition-rules";
import { evaluateVehicle, rulesByKind } from "@/lib/processing/alerts/evaluate-vehicle";
import { isOperationalAt, type OperationalSettings } from "@/lib/processing/alerts/operational-settings";
import { useTestDatabase } from "../../helpers/test-database";
import { actor, CENTRE, setupAlertTrack } from "./alert-track";

const database = useTestDatabase();
const MINUTE = 60_000;

describe("fault-code rules", () => {
  it("open one incident per code that appears after the rule, naming it, whatever the instances; close it when cleared", async () => {
    const { db } = database();
    const { tenant, a, b, rule, incidents } = await setupAlertTrack(db);
    const fault = (vehicleId: number, dtcShortCode: string, firstSeenAt: Date) =>
      db
        .insert(faultCodes)
        .values({ ...tenant, vehicleId, protocol: "obdii", dtcShortCode, description: "Misfire", milStatus: true, firstSeenAt, lastSeenAt: firstSeenAt })
        .returning();
    await fault(a.id, "P0420", new Date(Date.now() - 10 * MINUTE)); // on before the rules existed
    const any = await rule({ name: "Any fault", trigger: { type: "faultCode", codes: [], milOnly: false } });
    const misfire = await rule({ name: "Misfire", trigger: { type: "faultCode", codes: [{ faultCode: "p0300", type: "PASSENGER_DTC" }], milOnly: false } });
    const now = new Date(Date.now() + MINUTE);
    const [raised] = await fault(b.id, "P0300", new Date());
    await fault(a.id, "P0171", new Date());
    await Promise.all([checkConditionRules({ db, now }), checkConditionRules({ db, now })]);
    expect(await checkConditionRules({ db, now })).toBe(0);
    const [opened] = await incidents(misfire.id);
    expect(await incidents(misfire.id)).toHaveLength(1);
    expect(opened).toMatchObject({ vehicleId: b.id, startedAt: raised.firstSeenAt, endedAt: null });
    expect(opened.details).toMatchObject({ triggerId: 1029, description: "Fault code: P0300 (Misfire)" });
    expect((await incidents(any.id)).map((incident) => incident.vehicleId).sort()).toEqual([a.id, b.id].sort());
    await db
      .update(faultCodes)
      .set({ clearedAt: now })
      .where(and(eq(faultCodes.companyId, tenant.companyId), eq(faultCodes.id, raised.id)));
    await checkConditionRules({ db, now: new Date(now.getTime() + MINUTE) });
    expect((await incidents(misfire.id))[0].endedAt).not.toBeNull();
    expect((await incidents(any.id)).filter((incident) => incident.endedAt === null).map((incident) => incident.vehicleId)).toEqual([a.id]);
  });
});

describe("HOS rules", () => {
  it("open when an on-duty driver has N minutes of driving left, not before, and close after a rest", async () => {
    const { db } = database();
    const { tenant, a, rule, incidents } = await setupAlertTrack(db);
    const [driver] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.companyId, tenant.companyId), eq(drivers.dataset, "live")))
      .limit(1);
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await db.delete(hosLogs).where(and(eq(hosLogs.companyId, tenant.companyId), eq(hosLogs.driverId, driver.id)));
    await db.insert(hosLogs).values([
      { ...tenant, driverId: driver.id, vehicleId: a.id, status: "offDuty", startTime: hoursAgo(30) },
      { ...tenant, driverId: driver.id, vehicleId: a.id, status: "onDuty", startTime: hoursAgo(11) },
      { ...tenant, driverId: driver.id, vehicleId: a.id, status: "driving", startTime: hoursAgo(10.5) },
    ]);
    const soon = await rule({ name: "Driving time", trigger: { type: "hosTimeLeft", clock: "ShiftDrivingHours", minutes: 45 } });
    const violation = await rule({ name: "Violation", trigger: { type: "hosTimeLeft", clock: "ShiftDrivingHours", minutes: 0 } });
    await checkConditionRules({ db, now });
    const [opened] = await incidents(soon.id);
    expect(opened).toMatchObject({ vehicleId: a.id, driverId: driver.id, endedAt: null });
    expect((opened.details as { description: string }).description).toBe(`HOS time running out: ${driver.name}, 30 min of Driving (11 h) left`);
    expect(await incidents(violation.id)).toHaveLength(0);
    await db.insert(hosLogs).values({ ...tenant, driverId: driver.id, vehicleId: a.id, status: "offDuty", startTime: new Date(now.getTime() + MINUTE) });
    await checkConditionRules({ db, now: new Date(now.getTime() + 11 * 3_600_000) });
    expect((await incidents(soon.id))[0].endedAt).not.toBeNull();
  });
});

describe("missing-DVIR rules", () => {
  it("open when a vehicle's last trip ended N minutes ago without a post-trip inspection since it began, and close on the report", async () => {
    const { db } = database();
    const { tenant, a, b, rule, incidents } = await setupAlertTrack(db);
    const [driver] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.companyId, tenant.companyId), eq(drivers.dataset, "live")))
      .limit(1);
    const missing = await rule({ name: "Post-trip missing", trigger: { type: "missingDvir", minutes: 60 } });
    // A trip that ends as the rule is made (a rule watches trips that end after it) and a report since it began.
    const end = missing.createdAt;
    const start = new Date(end.getTime() - 30 * MINUTE);
    const trip = (vehicleId: number) => ({
      ...tenant,
      vehicleId,
      driverId: driver.id,
      startTime: start,
      endTime: end,
      startLatitude: CENTRE.latitude,
      startLongitude: CENTRE.longitude,
      startAddress: "Loop",
      endLatitude: CENTRE.latitude,
      endLongitude: CENTRE.longitude,
      endAddress: "Loop",
      distanceMeters: 12_000,
      maxSpeed: 15,
    });
    await db.insert(trips).values([trip(a.id), trip(b.id)]);
    const postTrip = (vehicleId: number) =>
      submitDvir({
        db,
        ...tenant,
        author: { type: "driver", driverId: driver.id },
        actor,
        input: { type: "postTrip", vehicleId, safetyStatus: "safe", signatureName: driver.name },
      });
    await postTrip(b.id);

    await checkConditionRules({ db, now: new Date(end.getTime() + 30 * MINUTE) });
    expect(await incidents(missing.id)).toHaveLength(0);
    await checkConditionRules({ db, now: new Date(end.getTime() + 61 * MINUTE) });
    const [opened, ...others] = await incidents(missing.id);
    expect(others).toEqual([]);
    expect(opened).toMatchObject({ vehicleId: a.id, startedAt: new Date(end.getTime() + 60 * MINUTE), endedAt: null });
    expect(opened.details).toMatchObject({ triggerId: 90_001, description: "No post-trip inspection: 60 min after the last trip" });

    await postTrip(a.id);
    await checkConditionRules({ db, now: new Date(end.getTime() + 62 * MINUTE) });
    expect((await incidents(missing.id))[0].endedAt).not.toBeNull();
  });
});

describe("working hours (operational settings)", () => {
  const workingHours: OperationalSettings = {
    timeRangeType: "inactiveBetween",
    timeRanges: [{ daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"], startTime: "07:00", endTime: "18:00", timezone: "America/Chicago" }],
  };

  it("are inactive inside the listed hours on the listed days, active outside them, overnight ranges included", () => {
    // 2026-11-23 is a Monday; Chicago is UTC-6 in November.
    expect(isOperationalAt(workingHours, new Date("2026-11-23T15:00:00Z"))).toBe(false); // Monday 09:00
    expect(isOperationalAt(workingHours, new Date("2026-11-24T02:00:00Z"))).toBe(true); // Monday 20:00
    expect(isOperationalAt(workingHours, new Date("2026-11-22T15:00:00Z"))).toBe(true); // Sunday 09:00
    const nights: OperationalSettings = {
      timeRangeType: "activeBetween",
      timeRanges: [{ daysOfWeek: ["FRIDAY"], startTime: "22:00", endTime: "06:00", timezone: "America/Chicago" }],
    };
    expect(isOperationalAt(nights, new Date("2026-11-28T10:00:00Z"))).toBe(true); // Saturday 04:00, Friday's night
    expect(isOperationalAt(nights, new Date("2026-11-29T10:00:00Z"))).toBe(false); // Sunday 04:00
  });

  it("an engine-on rule raises use out of hours only: a condition that holds into the evening opens then", () => {
    const isActive = (time: Date) => isOperationalAt(workingHours, time);
    const trigger = { type: "engineOn" as const, minutes: 5 };
    const at = (iso: string) => new Date(iso);
    const rules = rulesByKind([{ id: 1, trigger, isActive }]);
    const day = evaluateVehicle({
      vehicle: null,
      rules,
      stored: undefined,
      samples: [
        { time: at("2026-11-23T15:00:00Z"), engineState: "On" },
        { time: at("2026-11-23T15:10:00Z"), engineState: "On" },
      ],
    });
    expect(day.transitions).toEqual([]);
    const evening = evaluateVehicle({
      vehicle: day.vehicle,
      rules,
      stored: new Map([...day.states].flatMap(([ruleId, state]) => (state ? [[ruleId, state]] : []))),
      samples: [{ time: at("2026-11-24T00:05:00Z"), engineState: "Idle" }],
    });
    expect(evening.transitions).toMatchObject([{ kind: "open", sample: { time: at("2026-11-24T00:05:00Z") } }]);
  });
});
