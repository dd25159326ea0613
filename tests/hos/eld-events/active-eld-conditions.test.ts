import { beforeAll, describe, expect, it } from "vitest";
import { companies, drivers, vehicles } from "@/db/schema";
import { listActiveEldConditions } from "@/lib/hos/eld-events/active-eld-conditions";
import { recordEldEvents, type EldEventDraft } from "@/lib/hos/eld-events/record-eld-events";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const tenant = { companyId: 0, dataset: "live" as const };
const ids = { ana: 0, bo: 0, cy: 0, truck: 0, van: 0, otherCompanyDriver: 0 };
const now = new Date("2026-03-10T18:00:00Z");
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);

const condition = (driverId: number | null, vehicleId: number | null, diagnosticCode: string, code: number, hoursAgo: number): EldEventDraft => ({
  driverId,
  vehicleId,
  type: 7,
  code,
  at: at(hoursAgo),
  origin: "automatic",
  position: null,
  diagnosticCode,
});
const record = (...drafts: EldEventDraft[]) => database().db.transaction((tx) => recordEldEvents({ db: tx, ...tenant, drafts }));
const active = async (drivers: { driverId: number; vehicleId: number | null }[]) =>
  (await listActiveEldConditions({ db: database().db, ...tenant, drivers, now })).map((c) => ({
    driverId: c.driverId,
    vehicleId: c.vehicleId,
    code: c.diagnosticCode,
    kind: c.kind,
  }));

beforeAll(async () => {
  const { db } = database();
  const [company, other] = await db
    .insert(companies)
    .values([{ name: "Demo Fleet" }, { name: "Other Fleet" }])
    .returning();
  tenant.companyId = company.id;
  const driver = (name: string, companyId = company.id) => ({
    companyId,
    dataset: "live" as const,
    name,
    username: name.toLowerCase(),
    licenseNumber: name,
    licenseState: "IL",
    timezone: "America/Chicago",
  });
  const rows = await db
    .insert(drivers)
    .values([driver("Ana"), driver("Bo"), driver("Cy"), driver("Olly", other.id)])
    .returning();
  [ids.ana, ids.bo, ids.cy, ids.otherCompanyDriver] = rows.map((row) => row.id);
  const trucks = await db
    .insert(vehicles)
    .values([
      { ...tenant, name: "Truck 7", vin: "1FUJGHDV0CLBP8834" },
      { ...tenant, name: "Van 2", vin: "1FUJGHDV0CLBP8835" },
    ])
    .returning();
  [ids.truck, ids.van] = trucks.map((row) => row.id);
  await record(
    // Truck 7: an engine synchronization malfunction (E) on Ana's record, never cleared; whoever drives it sees it…
    condition(ids.ana, ids.truck, "E", 1, 30),
    // …a missing-data-elements diagnostic Ana's record logged and Bo's record cleared (the vehicle's condition, not Ana's).
    condition(ids.ana, ids.truck, "3", 3, 29),
    condition(ids.bo, ids.truck, "3", 4, 20),
    // Van 2: the unidentified driver profile's unidentified driving diagnostic (5), no driver's record.
    condition(null, ids.van, "5", 3, 10),
    // Ana's own, with no vehicle: the data transfer diagnostic (4).
    condition(ids.ana, null, "4", 3, 5),
    // Bo's data transfer diagnostic, logged and cleared.
    condition(ids.bo, null, "4", 3, 8),
    condition(ids.bo, null, "4", 4, 2),
  );
  await database().db.transaction((tx) =>
    recordEldEvents({ db: tx, companyId: other.id, dataset: "live", drafts: [condition(ids.otherCompanyDriver, null, "S", 1, 1)] }),
  );
});

describe("a driver's active ELD malfunctions and data diagnostics, any code", () => {
  it("are the conditions whose latest record logs them: of the ELDs the driver's records name, and the driver's own", async () => {
    expect(await active([{ driverId: ids.ana, vehicleId: null }])).toEqual([
      { driverId: ids.ana, vehicleId: ids.truck, code: "E", kind: "malfunction" },
      { driverId: ids.ana, vehicleId: null, code: "4", kind: "diagnostic" },
    ]);
  });

  it("include those of the vehicle a driver is in now, logged on nobody's records (the unidentified driver profile's)", async () => {
    expect(await active([{ driverId: ids.cy, vehicleId: ids.van }])).toEqual([{ driverId: ids.cy, vehicleId: ids.van, code: "5", kind: "diagnostic" }]);
  });

  it("leave out cleared ones, other drivers' own, and another company's", async () => {
    expect(await active([{ driverId: ids.bo, vehicleId: null }])).toEqual([{ driverId: ids.bo, vehicleId: ids.truck, code: "E", kind: "malfunction" }]);
    expect(await active([{ driverId: ids.cy, vehicleId: null }])).toEqual([]);
    expect(await active([{ driverId: ids.otherCompanyDriver, vehicleId: null }])).toEqual([]);
  });

  it("answer for many drivers at once (the HOS board)", async () => {
    const board = await active([
      { driverId: ids.ana, vehicleId: null },
      { driverId: ids.bo, vehicleId: null },
      { driverId: ids.cy, vehicleId: ids.van },
    ]);
    expect(board.map((c) => [c.driverId, c.code])).toEqual([
      [ids.ana, "E"],
      [ids.ana, "4"],
      [ids.bo, "E"],
      [ids.cy, "5"],
    ]);
  });
});
