import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, vehicles } from "@/db/schema";
import { listDefectTypes, listOutOfServiceVehicles, resolveDefect, submitDvir } from "@/lib/fleet/inspections";
import { operatorActor } from "@/lib/platform/audit";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const actor = operatorActor("test");
let demo: { companyId: number; dataset: "live" };
let other: { companyId: number; dataset: "live" };

const firstOf = async (table: typeof vehicles | typeof drivers, companyId: number) =>
  database()
    .db.select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.dataset, "live")))
    .orderBy(table.id);

beforeAll(async () => {
  const seeded = await seedTestCompanies({ db: database().db });
  demo = { companyId: seeded.demoCompanyId, dataset: "live" };
  other = { companyId: seeded.otherCompanyId, dataset: "live" };
});

/** A driver's post-trip report of the vehicle, with a brake defect when given one. */
const inspect = async (tenant: typeof demo, vehicleId: number, safetyStatus: "safe" | "unsafe", defect?: string) => {
  const [driver] = await firstOf(drivers, tenant.companyId);
  const brakes = (await listDefectTypes({ db: database().db, ...tenant })).find((type) => type.label === "Brakes")!.id;
  return submitDvir({
    db: database().db,
    ...tenant,
    author: { type: "driver", driverId: driver.id },
    actor,
    input: { type: "postTrip", vehicleId, safetyStatus, signatureName: driver.name, defects: defect ? [{ defectTypeId: brakes, comment: defect }] : [] },
  });
};

describe("vehicles out of service", () => {
  it("are those with a not-safe report whose defect is still open, until each such defect is resolved; a safe report with a defect is not", async () => {
    const { db } = database();
    const [first, second] = await firstOf(vehicles, demo.companyId);
    expect(await listOutOfServiceVehicles({ db, ...demo })).toEqual([]);

    const unsafe = await inspect(demo, first.id, "unsafe", "Soft pedal");
    await inspect(demo, second.id, "safe", "Worn, within limits");
    const [theirVehicle] = await firstOf(vehicles, other.companyId);
    await inspect(other, theirVehicle.id, "unsafe", "Theirs");

    const listed = await listOutOfServiceVehicles({ db, ...demo });
    expect(listed).toEqual([{ vehicleId: first.id, vehicleName: first.name, since: unsafe.submittedAt }]);

    await resolveDefect({
      db,
      ...demo,
      defectId: unsafe.defects[0].id,
      resolve: true,
      resolver: { type: "mechanic", id: null, name: "Shop" },
      actor,
    });
    expect(await listOutOfServiceVehicles({ db, ...demo })).toEqual([]);
    expect((await listOutOfServiceVehicles({ db, ...other })).map((vehicle) => vehicle.vehicleId)).toEqual([theirVehicle.id]);
  });
});
