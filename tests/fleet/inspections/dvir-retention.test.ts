import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, drivers, dvirDefectPhotos, dvirDefects, dvirs, vehicles } from "@/db/schema";
import {
  getDvir,
  getDvirRetention,
  listDefectTypes,
  purgeExpiredDvirs,
  resolveDvir,
  setDvirRetention,
  submitDvir,
  uploadDefectPhoto,
} from "@/lib/fleet/inspections";
import { monthsBefore } from "@/lib/fleet/inspections/purge-expired-dvirs";
import { folderStore, type BlobStore } from "@/lib/platform/blob-store";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { JPEG, seedInspectionTenants } from "./inspection-tenants";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const actor = operatorActor("test");
type Company = { companyId: number; dataset: "live"; vehicleId: number; driverId: number; brakes: number };
let demo: Company;
let other: Company;
let store: BlobStore;

const MONTH = 31 * 86_400_000;

beforeAll(async () => {
  const tenants = await seedInspectionTenants({ db: database().db });
  demo = { ...tenants.demo, vehicleId: tenants.vehicleIds[0], driverId: tenants.driverIds[0], brakes: tenants.defectTypeId("Brakes") };
  other = { ...tenants.other, vehicleId: tenants.otherVehicleIds[0], driverId: tenants.otherDriverIds[0], brakes: tenants.defectTypeId("Brakes", "other") };
  store = folderStore(await mkdtemp(path.join(tmpdir(), "dvir-retention-")));
});

/** A driver's report with a brake defect and `photos` photos (or a safe one without defects), submitted now. */
const report = async (company: Company, { photos = 0, defect = true } = {}) => {
  const { db } = database();
  const uploaded = [];
  for (let n = 0; n < photos; n++) uploaded.push(await uploadDefectPhoto({ db, ...company, driverId: company.driverId, bytes: JPEG, store }));
  return submitDvir({
    db,
    companyId: company.companyId,
    dataset: "live",
    author: { type: "driver", driverId: company.driverId },
    actor: driverActor({ driver: { driverId: company.driverId, name: "Driver" }, ip: null, requestId: null }),
    input: {
      type: "postTrip",
      vehicleId: company.vehicleId,
      safetyStatus: defect ? "unsafe" : "safe",
      signatureName: "Dana Driver",
      defects: defect ? [{ defectTypeId: company.brakes, comment: "Soft pedal", photoIds: uploaded.map((photo) => photo.id) }] : [],
    },
  });
};

const repair = (company: Company, dvirId: number) =>
  resolveDvir({ db: database().db, ...company, dvirId, resolver: { type: "mechanic", id: "1", name: "Mel Mechanic" }, actor });

/** Moves a report, and its defects' last change unless `defectsToo` is false, `months` (of 31 days) into the past. */
const age = async (company: Company, dvirId: number, months: number, { defectsToo = true } = {}) => {
  const { db } = database();
  const then = new Date(Date.now() - months * MONTH);
  await db
    .update(dvirs)
    .set({ startedAt: then, signedAt: then, submittedAt: then, updatedAt: then })
    .where(and(eq(dvirs.companyId, company.companyId), eq(dvirs.id, dvirId)));
  if (defectsToo)
    await db
      .update(dvirDefects)
      .set({ updatedAt: then, createdAt: then })
      .where(and(eq(dvirDefects.companyId, company.companyId), eq(dvirDefects.dvirId, dvirId)));
};

const exists = async (company: Company, dvirId: number) =>
  getDvir({ db: database().db, ...company, dvirId }).then(
    () => true,
    () => false,
  );

const photoKeys = async (company: Company, dvirId: number) =>
  (
    await database()
      .db.select({ key: dvirDefectPhotos.storageKey })
      .from(dvirDefectPhotos)
      .where(and(eq(dvirDefectPhotos.companyId, company.companyId), eq(dvirDefectPhotos.dvirId, dvirId)))
  ).map((row) => row.key);

describe("inspection report retention", () => {
  it("keeps reports 3 months by default; refuses less than 3 months (400), more than 120 and part months; audits a change", async () => {
    const { db } = database();
    expect(await getDvirRetention({ db, companyId: demo.companyId })).toEqual({ months: 3 });
    for (const months of [2, 0, -1, 121, 3.5, "12"])
      await expect(setDvirRetention({ db, companyId: demo.companyId, months, actor })).rejects.toMatchObject({ code: "bad_request", status: 400 });
    expect(await setDvirRetention({ db, companyId: demo.companyId, months: 24, actor })).toEqual({ months: 24 });
    expect(await setDvirRetention({ db, companyId: demo.companyId, months: null, actor })).toEqual({ months: null });
    expect(await setDvirRetention({ db, companyId: demo.companyId, months: 3, actor })).toEqual({ months: 3 });
    expect(await getDvirRetention({ db, companyId: other.companyId })).toEqual({ months: 3 });
    const events = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo.companyId), eq(auditEvents.action, "inspection_settings.updated")))
      .orderBy(auditEvents.id);
    expect(events.map((event) => event.changes.dvirRetentionMonths)).toEqual([
      { before: 3, after: 24 },
      { before: 24, after: null },
      { before: null, after: 3 },
    ]);
  });

  it("deletes old repaired and defect-free reports with their defects and photos; keeps recent ones, open defects, the other company by its own", async () => {
    const { db } = database();
    await setDvirRetention({ db, companyId: other.companyId, months: 12, actor });

    const oldRepaired = await report(demo, { photos: 2 });
    await repair(demo, oldRepaired.id);
    await age(demo, oldRepaired.id, 4);
    const oldKeys = await photoKeys(demo, oldRepaired.id);
    expect(oldKeys).toHaveLength(2);
    const oldSafe = await report(demo, { defect: false });
    await age(demo, oldSafe.id, 4);
    const oldOpen = await report(demo, { photos: 1 });
    await age(demo, oldOpen.id, 6);
    const openKeys = await photoKeys(demo, oldOpen.id);
    // Reported long ago, its repair certified last week: kept 3 months from the certification.
    const lateRepair = await report(demo);
    await repair(demo, lateRepair.id);
    await age(demo, lateRepair.id, 5, { defectsToo: false });
    const recent = await report(demo, { photos: 1 });
    await repair(demo, recent.id);
    const otherOld = await report(other);
    await repair(other, otherOld.id);
    await age(other, otherOld.id, 4);

    // One report a batch: two transactions, each audited with the reports it deleted.
    const purged = await purgeExpiredDvirs({ db, store, batchSize: 1 });

    expect(purged).toEqual([{ companyId: demo.companyId, dvirs: 2, defects: 1, photos: 2 }]);
    expect(await exists(demo, oldRepaired.id)).toBe(false);
    expect(await exists(demo, oldSafe.id)).toBe(false);
    expect(
      await db
        .select()
        .from(dvirDefects)
        .where(and(eq(dvirDefects.companyId, demo.companyId), eq(dvirDefects.dvirId, oldRepaired.id))),
    ).toEqual([]);
    expect(await Promise.all(oldKeys.map((key) => store.get(key)))).toEqual([null, null]);
    expect(await exists(demo, oldOpen.id)).toBe(true);
    expect(await Promise.all(openKeys.map((key) => store.get(key)))).toEqual([JPEG]);
    expect(await exists(demo, lateRepair.id)).toBe(true);
    expect(await exists(demo, recent.id)).toBe(true);
    expect(await exists(other, otherOld.id)).toBe(true);
    const events = await db
      .select({ actorType: auditEvents.actorType, changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, demo.companyId), eq(auditEvents.action, "dvir.deleted")))
      .orderBy(auditEvents.id);
    expect(events.map((event) => event.actorType)).toEqual(["system", "system"]);
    expect(events.flatMap((event) => event.changes.dvirIds.before as number[])).toEqual([oldRepaired.id, oldSafe.id]);

    // A second run finds nothing more; the other company's report goes once its retention is 3 months, never while kept forever.
    expect(await purgeExpiredDvirs({ db, store })).toEqual([]);
    await setDvirRetention({ db, companyId: other.companyId, months: null, actor });
    await setDvirRetention({ db, companyId: demo.companyId, months: null, actor });
    await repair(demo, oldOpen.id);
    await age(demo, oldOpen.id, 6);
    expect(await purgeExpiredDvirs({ db, store })).toEqual([]);
    await setDvirRetention({ db, companyId: other.companyId, months: 3, actor });
    await setDvirRetention({ db, companyId: demo.companyId, months: 3, actor });
    expect(await purgeExpiredDvirs({ db, store })).toEqual(
      [
        { companyId: demo.companyId, dvirs: 1, defects: 1, photos: 1 },
        { companyId: other.companyId, dvirs: 1, defects: 1, photos: 0 },
      ].sort((a, b) => a.companyId - b.companyId),
    );
    expect(await store.get(openKeys[0])).toBeNull();
    expect(
      await db
        .select()
        .from(dvirs)
        .where(and(eq(dvirs.companyId, demo.companyId), inArray(dvirs.id, [recent.id, lateRepair.id]))),
    ).toHaveLength(2);
  });

  it("counts calendar months back, a day the month lacks being its last", () => {
    expect(monthsBefore(new Date("2026-05-31T10:00:00Z"), 3)).toEqual(new Date("2026-02-28T10:00:00Z"));
    expect(monthsBefore(new Date("2026-03-15T00:00:00Z"), 3)).toEqual(new Date("2025-12-15T00:00:00Z"));
    expect(monthsBefore(new Date("2028-05-31T00:00:00Z"), 15)).toEqual(new Date("2027-02-28T00:00:00Z"));
  });
});
