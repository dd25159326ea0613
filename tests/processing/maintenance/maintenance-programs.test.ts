import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertIncidents, mailOutbox, users, vehicleMaintenance, vehicles } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { reloadConfig } from "@/lib/platform/config";
import { createTag } from "@/lib/fleet/tags";
import { emailUsersAction } from "@/lib/processing/alerts/alert-recipients";
import { checkConditionRules } from "@/lib/processing/alerts/check-condition-rules";
import { createAlertRule } from "@/lib/processing/alerts/manage-alert-rules";
import {
  createProgram,
  deleteProgram,
  duePointOf,
  listVehicleMaintenance,
  programInputSchema,
  recordService,
  updateProgram,
} from "@/lib/processing/maintenance";
import { maintenanceProcessor } from "@/lib/processing/maintenance/maintenance-processor";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { writeTelemetry } from "../../helpers/telemetry";

const database = useTestDatabase();
const actor = operatorActor("maintenance test");
const KM = 1_000;
const HOUR = 3_600;
/** Oil change: 25,000 km / 500 h / 6 months, whichever comes first. */
const OIL = { intervalMeters: 25_000 * KM, intervalEngineHours: 500, intervalMonths: 6 };

describe("a program's due point", () => {
  const service = { serviceAt: new Date("2026-01-31T10:00:00Z"), serviceOdometerMeters: 100_000 * KM, serviceEngineSeconds: 2_000 * HOUR };
  const at = (odometerKm: number, engineHours: number, now = "2026-03-01T00:00:00Z") =>
    duePointOf({ program: OIL, service, readings: { odometerMeters: odometerKm * KM, engineSeconds: engineHours * HOUR }, now: new Date(now) });

  it("is whichever interval comes first: distance, engine hours or months", () => {
    expect(at(110_000, 2_100)).toMatchObject({ status: "ok", dueOdometerMeters: 125_000 * KM, dueEngineHours: 2_500, metersLeft: 15_000 * KM });
    expect(at(122_600, 2_100).status).toBe("dueSoon"); // 2,400 km left: under 10 % of 25,000
    expect(at(125_000, 2_100).status).toBe("overdue");
    expect(at(110_000, 2_460).status).toBe("dueSoon");
    expect(at(110_000, 2_501).status).toBe("overdue");
    // Six months after January 31 is July 31; the last 10 % (~18 days) is due soon.
    expect(at(110_000, 2_100).dueAt).toEqual(new Date("2026-07-31T10:00:00Z"));
    expect(at(110_000, 2_100, "2026-07-20T00:00:00Z").status).toBe("dueSoon");
    expect(at(110_000, 2_100, "2026-07-31T10:00:00Z").status).toBe("overdue");
  });

  it("is overdue at exactly the engine hours due, whatever the seconds (hours from seconds are inexact)", () => {
    const onTheSecond = { ...service, serviceEngineSeconds: 3_600_750 };
    const point = duePointOf({
      program: OIL,
      service: onTheSecond,
      readings: { odometerMeters: null, engineSeconds: 3_600_750 + 500 * HOUR },
      now: service.serviceAt,
    });
    expect(point).toMatchObject({ status: "overdue", engineHoursLeft: 0 });
  });

  it("counts an interval whose reading is not known as unused", () => {
    const point = duePointOf({ program: OIL, service, readings: { odometerMeters: null, engineSeconds: null }, now: new Date("2026-02-01T00:00:00Z") });
    expect(point).toMatchObject({ status: "ok", metersLeft: null, engineHoursLeft: null });
  });

  it("refuses a program without an interval or without vehicles, naming the field", () => {
    const base = { name: "Oil", intervalMeters: null, intervalEngineHours: null, intervalMonths: null, vehicleIds: [1], tagIds: [] };
    expect(programInputSchema.safeParse(base).error?.issues[0]).toMatchObject({ path: ["intervalMeters"], message: expect.stringContaining("at least one") });
    expect(programInputSchema.safeParse({ ...base, intervalMonths: 6, vehicleIds: [] }).error?.issues[0].path).toEqual(["vehicleIds"]);
    expect(programInputSchema.safeParse({ ...base, intervalMonths: 1.5 }).success).toBe(false);
  });
});

describe("maintenance programs on the fleet", () => {
  it("follow the odometer the trackers report: due soon, overdue, reset by a service; a tag covers its child tags", async () => {
    const { db } = database();
    const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 3 });
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const [a, b, c] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
    const start = Date.now() - 3_600_000;
    const report = (vehicleId: number, minute: number, odometerKm: number) =>
      writeTelemetry({
        db,
        ...tenant,
        stats: [{ vehicleId, time: new Date(start + minute * 60_000), odometerMeters: odometerKm * KM, engineSeconds: 1_000 * HOUR }],
      });
    await report(a.id, 0, 100_000);
    await report(b.id, 0, 50_000);
    const run = () => runTelemetryProcessors({ db, processors: [maintenanceProcessor] });
    await run();

    // "Trucks" has "Reefers" under it: a program on Trucks covers b, tagged Reefers.
    const trucks = await createTag({ db, ...tenant, actor, input: { name: "Trucks" } });
    await createTag({ db, ...tenant, actor, input: { name: "Reefers", parentTagId: String(trucks.id), vehicles: [String(b.id)] } });
    const program = await createProgram({ db, ...tenant, actor, input: { name: "Oil change", ...OIL, vehicleIds: [a.id], tagIds: [trucks.id] } });
    const statuses = async () => Object.fromEntries((await listVehicleMaintenance({ db, ...tenant })).map((row) => [row.vehicleId, row.status]));
    expect(await statuses()).toEqual({ [a.id]: "ok", [b.id]: "ok" });

    await report(a.id, 10, 122_600);
    await run();
    expect(await statuses()).toEqual({ [a.id]: "dueSoon", [b.id]: "ok" });
    await report(a.id, 20, 125_001);
    await report(b.id, 20, 60_000);
    await run();
    const stored = await db.select().from(vehicleMaintenance).where(eq(vehicleMaintenance.companyId, demoCompanyId)).orderBy(asc(vehicleMaintenance.vehicleId));
    expect(stored.map((row) => [row.vehicleId, row.status])).toEqual([
      [a.id, "overdue"],
      [b.id, "ok"],
    ]);
    const [overdue] = await listVehicleMaintenance({ db, ...tenant, status: "overdue" });
    expect(overdue).toMatchObject({ vehicleId: a.id, programName: "Oil change", dueOdometerMeters: 125_000 * KM, metersLeft: -1 * KM });

    // A vehicle tagged later is on the program from its next report.
    await createTag({ db, ...tenant, actor, input: { name: "Vans", parentTagId: String(trucks.id), vehicles: [String(c.id)] } });
    await report(c.id, 30, 7_000);
    await run();
    expect(await statuses()).toEqual({ [a.id]: "overdue", [b.id]: "ok", [c.id]: "ok" });

    await recordService({ db, ...tenant, programId: program.id, vehicleId: a.id, actor });
    const [serviced] = await listVehicleMaintenance({ db, ...tenant, vehicleId: a.id });
    expect(serviced).toMatchObject({ status: "ok", serviceOdometerMeters: 125_001 * KM, dueOdometerMeters: 150_001 * KM });

    // Another company sees nothing of it, and cannot change it.
    expect(await listVehicleMaintenance({ db, companyId: otherCompanyId, dataset: "live" })).toEqual([]);
    const other = { db, companyId: otherCompanyId, dataset: "live" as const, actor };
    await expect(
      updateProgram({ ...other, programId: program.id, input: { name: "Mine", ...OIL, vehicleIds: [], tagIds: [trucks.id] } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(recordService({ ...other, programId: program.id, vehicleId: a.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(createProgram({ ...other, input: { name: "Theirs", ...OIL, vehicleIds: [a.id], tagIds: [] } })).rejects.toMatchObject({ code: "not_found" });

    // Narrowed to one vehicle, the others leave it; deleted, nothing is listed.
    await updateProgram({ db, ...tenant, actor, programId: program.id, input: { name: "Oil change", ...OIL, vehicleIds: [b.id], tagIds: [] } });
    expect(await statuses()).toEqual({ [b.id]: "ok" });
    await deleteProgram({ db, ...tenant, actor, programId: program.id });
    expect(await statuses()).toEqual({});
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    reloadConfig();
  });

  it("raise a maintenance-due alert, mailed to the rule's users, that the service ends", async () => {
    // Mail is queued only where it is set up (sent later by the mail job).
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    reloadConfig();
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 1 });
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const [truck] = await db.select().from(vehicles).where(eq(vehicles.companyId, demoCompanyId));
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, demoCompanyId), eq(users.role, "admin")));
    await writeTelemetry({ db, ...tenant, stats: [{ vehicleId: truck.id, time: new Date(Date.now() - 60_000), odometerMeters: 10_000 * KM }] });
    const program = await createProgram({
      db,
      ...tenant,
      actor,
      input: { name: "Brake check", intervalMeters: 5_000 * KM, intervalEngineHours: null, intervalMonths: null, vehicleIds: [truck.id], tagIds: [] },
    });
    const overdueRule = await createAlertRule({
      db,
      ...tenant,
      actor,
      fields: {
        name: "Service overdue",
        isEnabled: true,
        vehicleIds: [],
        trigger: { type: "maintenanceDue", includeDueSoon: false },
        actions: [emailUsersAction([admin.id])],
      },
    });
    const incidents = () =>
      db
        .select()
        .from(alertIncidents)
        .where(and(eq(alertIncidents.companyId, demoCompanyId), eq(alertIncidents.ruleId, overdueRule.id)));
    await checkConditionRules({ db });
    expect(await incidents()).toEqual([]);

    await writeTelemetry({ db, ...tenant, stats: [{ vehicleId: truck.id, time: new Date(), odometerMeters: 15_200 * KM }] });
    await checkConditionRules({ db });
    await checkConditionRules({ db });
    const [opened, ...more] = await incidents();
    expect(more).toEqual([]);
    expect(opened).toMatchObject({ vehicleId: truck.id, endedAt: null });
    expect(opened.details).toMatchObject({ triggerId: 90_002, description: "Maintenance due: Brake check overdue" });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, demoCompanyId), eq(mailOutbox.kind, "incident")));
    expect(mails.map((mail) => mail.recipient)).toEqual([admin.email]);

    await recordService({ db, ...tenant, programId: program.id, vehicleId: truck.id, actor });
    await checkConditionRules({ db });
    expect((await incidents())[0].endedAt).not.toBeNull();
  });
});
