import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/rows";
import { auditEvents, vehicles, webhookDeliveries, webhooks } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { makeVin } from "@/lib/runtime/seed/vin";
import { importVehicles } from "@/lib/fleet/vehicles/import-vehicles";
import { parseVehiclesCsv } from "@/lib/fleet/vehicles/parse-vehicles-csv";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
let live: { companyId: number; dataset: "live" };
const actor = operatorActor("tests");
let serial = 0;
const vin = () => makeVin({ wmi: "3AK", seed: 7_000_000 + ++serial, year: 2022 });
const badCheckDigit = (good: string) => `${good.slice(0, 8)}${good[8] === "1" ? "2" : "1"}${good.slice(9)}`;

beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
  live = { companyId: fixture.demo.companyId, dataset: "live" };
});

const countVehicles = async (tenant: { companyId: number; dataset: "live" | "test" }) =>
  (
    await database()
      .db.select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, tenant.companyId), eq(vehicles.dataset, tenant.dataset)))
  ).length;

describe("vehicle CSV preview", () => {
  it("lists every bad row with its line and reason, and the good rows", async () => {
    const [a, b] = [vin(), vin()];
    const csv = [
      "name,vin,licensePlate,year,vehicleType,tags,externalIds",
      `Truck A,${a},IL 1,2021,Truck,North depot,erp=T-1`,
      `Truck B,${badCheckDigit(b)},IL 2,2021,Truck,,`,
      ``,
      `,${vin()},IL 3,,Van,,`,
      `Truck D,${a},IL 4,,,,`,
      `"Truck
E",${vin()},IL 5,1850,,,`,
      `Truck F,${vin()},,,Spaceship,No such tag,`,
      `Truck G,${vin()},,,,,erp`,
    ].join("\n");
    const preview = await parseVehiclesCsv({ db: database().db, ...live, csv });
    expect(preview.rows.map((row) => row.line)).toEqual([2]);
    expect(preview.rows[0].input).toMatchObject({
      name: "Truck A",
      vin: a,
      licensePlate: "IL 1",
      year: 2021,
      vehicleType: "Truck",
      externalIds: { erp: "T-1" },
    });
    expect(preview.rows[0].input.tagIds).toHaveLength(1);
    expect(preview.problems.map((problem) => problem.line)).toEqual([3, 5, 6, 7, 9, 10]);
    const reasons = Object.fromEntries(preview.problems.map((problem) => [problem.line, problem.message]));
    expect(reasons[3]).toContain("vin: the check digit");
    expect(reasons[5]).toContain("name");
    expect(reasons[6]).toContain("also on line 2");
    expect(reasons[7]).toContain("year");
    expect(reasons[9]).toContain('no tag named "No such tag"');
    expect(reasons[10]).toContain("externalIds");
  });

  it("imports the sample CSV of docs/operating.md as it is written, into a company without tags", async () => {
    const doc = readFileSync(new URL("../../../docs/operating.md", import.meta.url), "utf8");
    const csv = doc.match(/```csv\n([\s\S]*?)```/)![1];
    const preview = await parseVehiclesCsv({ db: database().db, companyId: fixture.other.companyId, dataset: "live", csv });
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((row) => row.input)).toEqual([expect.objectContaining({ name: "Truck 12", vin: "1M8GDM9AXKP042788", vehicleType: "Tractor" })]);
  });

  it("refuses a file whose header has an unknown column or lacks vin, naming it", async () => {
    await expect(parseVehiclesCsv({ db: database().db, ...live, csv: "name,vin,colour\nA,B,C" })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining('unknown column "colour"'),
    });
    await expect(parseVehiclesCsv({ db: database().db, ...live, csv: "name,plate\n" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(parseVehiclesCsv({ db: database().db, ...live, csv: "name,vin\nA" })).resolves.toMatchObject({ problems: [{ line: 2 }] });
  });
});

describe("vehicle CSV import", () => {
  it("imports nothing when one row is bad, and everything once it is fixed", async () => {
    const before = await countVehicles(live);
    const vins = [vin(), vin(), vin()];
    const rows = vins.map((v, i) => `Import ${i},${v},PL-${i}`);
    const broken = ["name,vin,licensePlate", rows[0], `Import 1,${badCheckDigit(vins[1])},PL-1`, rows[2]].join("\n");
    const refused = await importVehicles({ db: database().db, ...live, csv: broken, onExisting: "update", actor });
    expect(refused).toEqual({ imported: false, problems: [{ line: 3, message: expect.stringContaining("check digit") }] });
    expect(await countVehicles(live)).toBe(before);

    const fixed = ["name,vin,licensePlate", ...rows].join("\n");
    expect(await importVehicles({ db: database().db, ...live, csv: fixed, onExisting: "update", actor })).toEqual({ imported: true, created: 3, updated: 0 });
    expect(await countVehicles(live)).toBe(before + 3);
    const [event] = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, live.companyId), eq(auditEvents.action, "vehicle.imported")));
    expect(event.changes.created.after).toEqual(vins);
  });

  it("updates the vehicles whose VIN exists under 'update'; refuses those rows under 'refuse'", async () => {
    const [existingVin, freshVin] = [vin(), vin()];
    await importVehicles({ db: database().db, ...live, csv: `name,vin\nOld name,${existingVin}`, onExisting: "update", actor });
    const csv = `name,vin,make\nNew name,${existingVin},Volvo\nBrand new,${freshVin},Mack`;
    const before = await countVehicles(live);

    const refused = await importVehicles({ db: database().db, ...live, csv, onExisting: "refuse", actor });
    expect(refused).toEqual({ imported: false, problems: [{ line: 2, message: `vin: a vehicle with VIN ${existingVin} already exists` }] });
    expect(await countVehicles(live)).toBe(before);

    expect(await importVehicles({ db: database().db, ...live, csv, onExisting: "update", actor })).toEqual({ imported: true, created: 1, updated: 1 });
    const [updated] = await database()
      .db.select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, live.companyId), eq(vehicles.vin, existingVin)));
    expect(updated).toMatchObject({ name: "New name", make: "Volvo" });
  });

  it("raises VehicleCreated for each imported vehicle in the import's transaction", async () => {
    const { db } = database();
    await db.insert(webhooks).values({
      ...live,
      name: "Import listener",
      url: "https://import.example.invalid/",
      secretKey: "c2VjcmV0",
      version: "2024-02-27",
      eventTypes: ["VehicleCreated"],
    });
    const vins = [vin(), vin()];
    await importVehicles({ db, ...live, csv: `name,vin\nHook 1,${vins[0]}\nHook 2,${vins[1]}`, onExisting: "update", actor });
    const events = await db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, live.companyId), eq(webhookDeliveries.eventType, "VehicleCreated")));
    const importedVins = events.map((event) => (event.payload as { data: { vehicle: { vin: string } } }).data.vehicle.vin);
    expect(importedVins).toEqual(expect.arrayContaining(vins));
  });

  it("writes into the caller's dataset only: the sandbox import leaves live untouched, and the same VIN may exist in both", async () => {
    const sandbox = { companyId: fixture.sandbox.companyId, dataset: "test" as const };
    const shared = vin();
    const liveBefore = await countVehicles(live);
    expect(await importVehicles({ db: database().db, ...sandbox, csv: `name,vin\nSandbox truck,${shared}`, onExisting: "refuse", actor })).toMatchObject({
      imported: true,
      created: 1,
    });
    expect(await countVehicles(live)).toBe(liveBefore);
    expect(await importVehicles({ db: database().db, ...live, csv: `name,vin\nLive truck,${shared}`, onExisting: "refuse", actor })).toMatchObject({
      imported: true,
      created: 1,
    });
  });

  it("leaves the planner knowing a large file's vehicles: the tenant's fleet is estimated as imported, not as before", async () => {
    const { db } = database();
    const sandbox = { companyId: fixture.sandbox.companyId, dataset: "test" as const };
    const rows = Array.from({ length: 600 }, (_, i) => `Imported ${i},${vin()}`);
    expect(await importVehicles({ db, ...sandbox, csv: `name,vin\n${rows.join("\n")}`, onExisting: "refuse", actor })).toMatchObject({
      imported: true,
      created: 600,
    });
    const [explained] = await queryRows<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] | string }>(
      db,
      sql`explain (format json) select id from vehicles where company_id = ${sandbox.companyId} and dataset = 'test' and archived_at is null`,
    );
    const json = explained["QUERY PLAN"];
    const [{ Plan }] = typeof json === "string" ? JSON.parse(json) : json;
    expect(Plan["Plan Rows"]).toBeGreaterThan(500);
  });
});
