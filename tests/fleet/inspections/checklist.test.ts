import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, drivers, vehicles } from "@/db/schema";
import { addDefectType, DEFAULT_CHECKLIST, getDvir, listDefectTypes, retireDefectType, submitDvir } from "@/lib/fleet/inspections";
import { operatorActor } from "@/lib/platform/audit";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const actor = operatorActor("test");
let demo: { companyId: number; dataset: "live" };
let other: { companyId: number; dataset: "live" };

beforeAll(async () => {
  const seeded = await seedTestCompanies({ db: database().db });
  demo = { companyId: seeded.demoCompanyId, dataset: "live" };
  other = { companyId: seeded.otherCompanyId, dataset: "live" };
});

const labels = async (tenant: typeof demo) => (await listDefectTypes({ db: database().db, ...tenant })).map((type) => type.label);

describe("the company's inspection checklist", () => {
  it("takes new items and retires old ones; a retired item is refused in a report, keeps its label in past reports, and can come back", async () => {
    const { db } = database();
    const added = await addDefectType({ db, ...demo, input: { label: "Fifth wheel", sectionType: "exteriorRear" }, actor });
    expect(await labels(demo)).toEqual([...DEFAULT_CHECKLIST.map((type) => type.label), "Fifth wheel"]);
    await expect(addDefectType({ db, ...demo, input: { label: "Fifth wheel", sectionType: "other" }, actor })).rejects.toMatchObject({ code: "conflict" });

    const [vehicle] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demo.companyId), eq(vehicles.dataset, "live")));
    const [driver] = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.companyId, demo.companyId), eq(drivers.dataset, "live")));
    const report = (defectTypeId: number) =>
      submitDvir({
        db,
        ...demo,
        author: { type: "driver", driverId: driver.id },
        actor,
        input: { type: "preTrip", vehicleId: vehicle.id, safetyStatus: "unsafe", signatureName: "Dana", defects: [{ defectTypeId, comment: "Cracked" }] },
      });
    const before = await report(added.id);

    await retireDefectType({ db, ...demo, defectTypeId: added.id, actor });
    expect(await labels(demo)).not.toContain("Fifth wheel");
    await expect(report(added.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await getDvir({ db, ...demo, dvirId: before.id })).defects[0].defectTypeLabel).toBe("Fifth wheel");
    await expect(retireDefectType({ db, ...demo, defectTypeId: added.id, actor })).rejects.toMatchObject({ code: "not_found" });

    const back = await addDefectType({ db, ...demo, input: { label: "Fifth wheel", sectionType: "exteriorRear" }, actor });
    expect(back.id).toBe(added.id);
    expect(await labels(demo)).toContain("Fifth wheel");

    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo.companyId), eq(auditEvents.targetType, "dvir_defect_type")));
    expect(actions.map((row) => row.action)).toEqual(["dvir_defect_type.added", "dvir_defect_type.retired", "dvir_defect_type.added"]);
  });

  it("is each company's own: another company's item is 404, and the last item stays", async () => {
    const { db } = database();
    const theirs = await listDefectTypes({ db, ...other });
    await expect(retireDefectType({ db, ...demo, defectTypeId: theirs[0].id, actor })).rejects.toMatchObject({ code: "not_found" });
    for (const item of theirs.slice(1)) await retireDefectType({ db, ...other, defectTypeId: item.id, actor });
    await expect(retireDefectType({ db, ...other, defectTypeId: theirs[0].id, actor })).rejects.toMatchObject({ code: "bad_request" });
    expect(await labels(other)).toEqual([theirs[0].label]);
  });
});
