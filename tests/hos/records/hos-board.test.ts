import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, driverVehicleAssignments, vehicles } from "@/db/schema";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { listHosBoard } from "@/lib/hos/records/list-hos-board";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const tenant = { companyId: 0, dataset: "live" as const };
const ids = { ana: 0, bo: 0, cy: 0, truck: 0, van: 0 };
const now = new Date("2026-03-10T18:00:00Z");

beforeAll(async () => {
  const { db } = database();
  const [company] = await db.insert(companies).values({ name: "Board Fleet" }).returning();
  tenant.companyId = company.id;
  const [truck, van] = await db
    .insert(vehicles)
    .values([
      { ...tenant, name: "Truck 7", vin: "1FUJGHDV0CLBP8834" },
      { ...tenant, name: "Van 2", vin: "1FUJGHDV0CLBP8835" },
    ])
    .returning();
  [ids.truck, ids.van] = [truck.id, van.id];
  const driver = (name: string) => ({
    ...tenant,
    name,
    username: name.toLowerCase(),
    licenseNumber: name,
    licenseState: "IL",
    staticAssignedVehicleId: truck.id,
  });
  const [ana, bo, cy] = await db
    .insert(drivers)
    .values([driver("Ana"), { ...driver("Bo"), staticAssignedVehicleId: null }, { ...driver("Cy"), staticAssignedVehicleId: van.id }])
    .returning();
  [ids.ana, ids.bo, ids.cy] = [ana.id, bo.id, cy.id];
  // Ana's static truck is Truck 7, but today she drives Van 2, whose ELD has an engine synchronization malfunction.
  await db
    .insert(driverVehicleAssignments)
    .values({ ...tenant, driverId: ana.id, vehicleId: van.id, startTime: new Date(now.getTime() - 3_600_000), source: "dashboard" });
  await db.transaction((tx) =>
    recordEldEvents({
      db: tx,
      ...tenant,
      drafts: [
        {
          driverId: null,
          vehicleId: van.id,
          type: 7,
          code: 1,
          at: new Date(now.getTime() - 600_000),
          origin: "automatic",
          position: null,
          diagnosticCode: "E",
        },
      ],
    }),
  );
});

describe("the HOS board's vehicle column", () => {
  it("shows the vehicle the driver is on now, the one whose ELD the M and D indicators read", async () => {
    const board = await listHosBoard({ db: database().db, ...tenant, at: now });
    const ana = board.find((row) => row.driver.id === ids.ana)!;
    expect(ana.vehicle).toEqual({ id: ids.van, name: "Van 2" });
    expect(ana.conditions.map((condition) => [condition.vehicleId, condition.diagnosticCode, condition.kind])).toEqual([[ids.van, "E", "malfunction"]]);
  });

  it("shows none for a driver whose static vehicle another driver is assigned to drive now, nor for one with neither", async () => {
    const board = await listHosBoard({ db: database().db, ...tenant, at: now });
    expect(board.find((row) => row.driver.id === ids.cy)!.vehicle).toBeNull();
    expect(board.find((row) => row.driver.id === ids.bo)!.vehicle).toBeNull();
  });

  it("falls back to the static vehicle without an assignment now", async () => {
    const before = new Date(now.getTime() - 2 * 3_600_000);
    const board = await listHosBoard({ db: database().db, ...tenant, at: before });
    expect(board.find((row) => row.driver.id === ids.ana)!.vehicle).toEqual({ id: ids.truck, name: "Truck 7" });
    expect(board.find((row) => row.driver.id === ids.ana)!.conditions).toEqual([]);
    expect(board.find((row) => row.driver.id === ids.cy)!.vehicle).toEqual({ id: ids.van, name: "Van 2" });
  });
});
