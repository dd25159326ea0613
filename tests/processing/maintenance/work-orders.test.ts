import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drivers, faultCodes, vehicles } from "@/db/schema";
import { listDefectTypes, submitDvir } from "@/lib/fleet/inspections";
import { operatorActor } from "@/lib/platform/audit";
import {
  createProgram,
  createWorkOrder,
  deleteWorkOrder,
  getRepairSource,
  getWorkOrder,
  listVehicleMaintenance,
  listWorkOrders,
  updateWorkOrder,
  workOrdersCsv,
} from "@/lib/processing/maintenance";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { writeTelemetry } from "../../helpers/telemetry";

const database = useTestDatabase();
const actor = operatorActor("work orders test");
const KM = 1_000;

const setup = async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  const [truck, van] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
    .orderBy(asc(vehicles.id));
  const odometer = (km: number) => writeTelemetry({ db, ...tenant, stats: [{ vehicleId: truck.id, time: new Date(), odometerMeters: km * KM }] });
  return { db, tenant, otherCompanyId, truck, van, odometer };
};

describe("work orders", () => {
  it("opened from an overdue service, with parts and labour, completed: the program's next service counts from then", async () => {
    const { db, tenant, truck, odometer } = await setup();
    await odometer(100_000);
    const program = await createProgram({
      db,
      ...tenant,
      actor,
      input: { name: "Oil change", intervalMeters: 25_000 * KM, intervalEngineHours: null, intervalMonths: null, vehicleIds: [truck.id], tagIds: [] },
    });
    await odometer(125_500);
    expect((await listVehicleMaintenance({ db, ...tenant }))[0].status).toBe("overdue");

    const order = await createWorkOrder({
      db,
      ...tenant,
      actor,
      input: { vehicleId: truck.id, description: "Oil change", sourceType: "scheduledMaintenance", sourceId: program.id },
    });
    expect(order).toMatchObject({ status: "open", sourceType: "scheduledMaintenance", completedAt: null });
    await updateWorkOrder({
      db,
      ...tenant,
      actor,
      workOrderId: order.id,
      input: {
        status: "inProgress",
        lines: [
          { kind: "part", description: "Oil 15W-40", quantity: 10, unitCostCents: 850 },
          { kind: "part", description: "Filter", quantity: 1, unitCostCents: 2_199 },
          { kind: "labor", description: "Change", quantity: 0.75, unitCostCents: 9_000 },
        ],
      },
    });
    expect((await listVehicleMaintenance({ db, ...tenant }))[0].status).toBe("overdue");
    await odometer(125_600);
    await updateWorkOrder({ db, ...tenant, actor, workOrderId: order.id, input: { status: "completed" } });
    const done = await getWorkOrder({ db, ...tenant, workOrderId: order.id });
    expect(done).toMatchObject({ status: "completed", odometerMeters: 125_600 * KM, partsCents: 10_699, laborCents: 6_750, totalCents: 17_449 });
    expect(done.completedAt).toBeInstanceOf(Date);
    const [reset] = await listVehicleMaintenance({ db, ...tenant });
    expect(reset).toMatchObject({ status: "ok", serviceOdometerMeters: 125_600 * KM, dueOdometerMeters: 150_600 * KM });

    // Completed, it is history: not changed, not deleted.
    await expect(updateWorkOrder({ db, ...tenant, actor, workOrderId: order.id, input: { description: "Other" } })).rejects.toMatchObject({ code: "conflict" });
    await expect(deleteWorkOrder({ db, ...tenant, actor, workOrderId: order.id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("opened from a defect, a fault code or by hand; a source that is not the vehicle's, or another company's order, is 404", async () => {
    const { db, tenant, otherCompanyId, truck, van } = await setup();
    const [brakes] = await listDefectTypes({ db, ...tenant });
    const [driver] = await db.select().from(drivers).where(eq(drivers.companyId, tenant.companyId)).limit(1);
    const report = await submitDvir({
      db,
      ...tenant,
      author: { type: "driver", driverId: driver.id },
      actor,
      input: {
        type: "preTrip",
        vehicleId: truck.id,
        safetyStatus: "unsafe",
        signatureName: driver.name,
        defects: [{ defectTypeId: brakes.id, comment: "Soft pedal" }],
      },
    });
    const defectId = report.defects[0].id;
    const [fault] = await db
      .insert(faultCodes)
      .values({ ...tenant, vehicleId: truck.id, protocol: "obdii", dtcShortCode: "P0300", milStatus: true, firstSeenAt: new Date(), lastSeenAt: new Date() })
      .returning();
    // The new work order's form starts from the defect or the code: its vehicle, and what was reported.
    expect(await getRepairSource({ db, ...tenant, sourceType: "dvirDefect", sourceId: defectId })).toEqual({
      sourceType: "dvirDefect",
      sourceId: defectId,
      vehicleId: truck.id,
      vehicleName: truck.name,
      name: "Brakes",
      description: "Brakes: Soft pedal",
      dvirId: report.id,
    });
    expect(await getRepairSource({ db, ...tenant, sourceType: "fault", sourceId: fault.id })).toMatchObject({
      vehicleId: truck.id,
      name: "P0300",
      description: "P0300",
      dvirId: null,
    });
    await expect(getRepairSource({ db, companyId: otherCompanyId, dataset: "live", sourceType: "dvirDefect", sourceId: defectId })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getRepairSource({ db, ...tenant, sourceType: "fault", sourceId: defectId + fault.id + 1 })).rejects.toMatchObject({ code: "not_found" });
    const open = (input: Parameters<typeof createWorkOrder>[0]["input"]) => createWorkOrder({ db, ...tenant, actor, input });
    await open({ vehicleId: truck.id, description: "Brakes", sourceType: "dvirDefect", sourceId: defectId });
    await open({ vehicleId: truck.id, description: "Misfire", sourceType: "fault", sourceId: fault.id });
    const byHand = await open({ vehicleId: van.id, description: "=Wiper blades" });
    await expect(open({ vehicleId: van.id, description: "Brakes", sourceType: "dvirDefect", sourceId: defectId })).rejects.toMatchObject({ code: "not_found" });
    await expect(open({ vehicleId: truck.id, description: "Oil", sourceType: "scheduledMaintenance", sourceId: 999_999 })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await listWorkOrders({ db, ...tenant, vehicleId: truck.id })).map((order) => order.description).slice(0, 2)).toEqual(["Misfire", "Brakes"]);
    // Each order names its source, a defect with the inspection it was reported in; a report's defects find theirs.
    // (The test before this one left an order for its program's service: named by the program.)
    expect((await listWorkOrders({ db, ...tenant })).map(({ description, source }) => ({ description, source }))).toEqual([
      { description: "=Wiper blades", source: null },
      { description: "Misfire", source: { name: "P0300", dvirId: null } },
      { description: "Brakes", source: { name: "Brakes", dvirId: report.id } },
      { description: "Oil change", source: { name: "Oil change", dvirId: null } },
    ]);
    const forDefect = await listWorkOrders({ db, ...tenant, source: { type: "dvirDefect", ids: [defectId] } });
    expect(forDefect.map((order) => order.description)).toEqual(["Brakes"]);
    expect((await getWorkOrder({ db, ...tenant, workOrderId: forDefect[0].id })).source).toEqual({ name: "Brakes", dvirId: report.id });

    const other = { db, companyId: otherCompanyId, dataset: "live" as const };
    await expect(getWorkOrder({ ...other, workOrderId: byHand.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(updateWorkOrder({ ...other, actor, workOrderId: byHand.id, input: { status: "completed" } })).rejects.toMatchObject({ code: "not_found" });
    await expect(createWorkOrder({ ...other, actor, input: { vehicleId: van.id, description: "Mine" } })).rejects.toMatchObject({ code: "not_found" });
    expect(await listWorkOrders(other)).toEqual([]);

    // The CSV: one line an order, a formula-looking text defused, costs in currency units.
    const csv = await workOrdersCsv({ db, ...tenant });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Work order,Vehicle,Status,Description,Opened for,Opened at,Completed at,Odometer (m),Engine hours,Parts,Labor,Total");
    expect(lines).toHaveLength(1 + (await listWorkOrders({ db, ...tenant })).length);
    expect(lines[1]).toContain(`${byHand.id},${van.name},open,'=Wiper blades,manual,`);
    await deleteWorkOrder({ db, ...tenant, actor, workOrderId: byHand.id });
    expect(await listWorkOrders({ db, ...tenant, vehicleId: van.id })).toEqual([]);
  });
});
