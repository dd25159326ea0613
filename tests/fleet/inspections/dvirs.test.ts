import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, drivers, users, vehicles } from "@/db/schema";
import {
  DEFAULT_CHECKLIST,
  getDvir,
  listDefectTypes,
  listDvirs,
  listOpenDefects,
  resolveDefect,
  resolveDvir,
  streamDefects,
  streamDvirs,
  submitDvir,
  type DvirSubmission,
} from "@/lib/fleet/inspections";
import { driverActor, operatorActor, userActor } from "@/lib/platform/audit";
import { seedInspectionTenants } from "./inspection-tenants";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
type Tenant = { companyId: number; dataset: "live" };
let demo: Tenant;
let other: Tenant;
let vehicleIds: number[];
let driverIds: number[];
let otherVehicleId: number;
let mechanic: { id: number; name: string };
let brakes: number;
let tires: number;

beforeAll(async () => {
  const { db } = database();
  const tenants = await seedInspectionTenants({ db });
  ({ demo, other, vehicleIds, driverIds } = tenants);
  [otherVehicleId] = tenants.otherVehicleIds;
  [mechanic] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.companyId, demo.companyId)).limit(1);
  brakes = tenants.defectTypeId("Brakes");
  tires = tenants.defectTypeId("Tires");
});

const driverSubmission = (driverIndex: number, input: Partial<DvirSubmission> = {}) => ({
  db: database().db,
  ...demo,
  author: { type: "driver" as const, driverId: driverIds[driverIndex] },
  actor: driverActor({ driver: { driverId: driverIds[driverIndex], name: "Driver" }, ip: null, requestId: null }),
  input: { type: "preTrip" as const, vehicleId: vehicleIds[0], safetyStatus: "safe" as const, signatureName: "Dana Driver", ...input },
});

describe("the checklist", () => {
  it("starts as 49 CFR 396.11's parts plus Other, once per tenant however often it is read", async () => {
    const { db } = database();
    const first = await listDefectTypes({ db, ...demo });
    expect(first.map((type) => type.label)).toEqual(DEFAULT_CHECKLIST.map((type) => type.label));
    expect(first.map((type) => type.label)).toEqual(
      expect.arrayContaining(["Brakes", "Steering", "Coupling devices", "Wheels and rims", "Emergency equipment"]),
    );
    expect(await listDefectTypes({ db, ...demo })).toEqual(first);
    const theirs = await listDefectTypes({ db, ...other });
    expect(theirs).toHaveLength(first.length);
    expect(theirs.map((type) => type.id)).not.toContain(first[0].id);
  });
});

describe("submitting a DVIR", () => {
  it("stores the report, its defects and the typed signature; a retry with the same key is the same report", async () => {
    const { db } = database();
    const input = {
      type: "postTrip" as const,
      safetyStatus: "unsafe" as const,
      trailerName: "Reefer 12",
      odometerMeters: 120_000_500,
      defects: [
        { defectTypeId: brakes, comment: "Soft pedal" },
        { defectTypeId: tires, comment: "Left front worn" },
      ],
      idempotencyKey: "phone-1-abc",
    };
    const first = await submitDvir(driverSubmission(1, input));
    expect(first).toMatchObject({
      type: "postTrip",
      vehicleId: vehicleIds[0],
      driverId: driverIds[1],
      trailerName: "Reefer 12",
      status: "unsafe",
      signatureName: "Dana Driver",
      replayed: false,
    });
    expect(first.defects.map((defect) => [defect.defectTypeLabel, defect.comment, defect.isResolved])).toEqual([
      ["Brakes", "Soft pedal", false],
      ["Tires", "Left front worn", false],
    ]);
    const retry = await submitDvir(driverSubmission(1, input));
    expect(retry).toMatchObject({ id: first.id, replayed: true });
    expect((await listDvirs({ db, ...demo, vehicleId: vehicleIds[0], limit: 50 })).filter((row) => row.trailerName === "Reefer 12")).toHaveLength(1);
    await expect(submitDvir(driverSubmission(2, input))).rejects.toMatchObject({ code: "conflict" });
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "dvir"), eq(auditEvents.targetId, String(first.id))));
    expect(audited.map((event) => event.action)).toEqual(["dvir.submitted"]);
  });

  it("refuses another company's vehicle and defect types, and an unknown mechanic, with 404s", async () => {
    await expect(submitDvir(driverSubmission(0, { vehicleId: otherVehicleId }))).rejects.toMatchObject({ code: "not_found" });
    const theirType = (await listDefectTypes({ db: database().db, ...other }))[0].id;
    await expect(submitDvir(driverSubmission(0, { defects: [{ defectTypeId: theirType, comment: "" }] }))).rejects.toMatchObject({ code: "not_found" });
    await expect(
      submitDvir({ ...driverSubmission(0), author: { type: "mechanic", userId: 999_999 }, input: { ...driverSubmission(0).input, type: "mechanic" } }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("resolving defects", () => {
  it("the next driver sees the open defects; a repaired one closes, and the report resolves with its last defect", async () => {
    const { db } = database();
    const report = await submitDvir(
      driverSubmission(0, {
        vehicleId: vehicleIds[1],
        safetyStatus: "unsafe",
        defects: [
          { defectTypeId: brakes, comment: "Air leak" },
          { defectTypeId: tires, comment: "" },
        ],
      }),
    );
    const open = await listOpenDefects({ db, ...demo, vehicleId: vehicleIds[1] });
    expect(open.map((defect) => defect.comment)).toEqual(["Air leak", ""]);
    const actor = userActor({ user: mechanic, ip: null, requestId: null });
    const resolver = { type: "mechanic" as const, id: String(mechanic.id), name: mechanic.name };
    const repaired = await resolveDefect({
      db,
      ...demo,
      defectId: open[0].id,
      resolve: true,
      resolution: "repaired",
      resolver,
      mechanicNotes: "New line",
      actor,
    });
    expect(repaired).toMatchObject({ isResolved: true, resolution: "repaired", resolvedByName: mechanic.name, mechanicNotes: "New line" });
    expect((await getDvir({ db, ...demo, dvirId: report.id })).status).toBe("unsafe");
    // Again: resolved stays as it was.
    const again = await resolveDefect({ db, ...demo, defectId: open[0].id, resolve: true, resolution: "noRepairNeeded", resolver, actor });
    expect(again).toMatchObject({ resolution: "repaired", resolvedAt: repaired.resolvedAt });
    await resolveDefect({ db, ...demo, defectId: open[1].id, resolve: true, resolution: "noRepairNeeded", resolver, actor });
    expect((await getDvir({ db, ...demo, dvirId: report.id })).status).toBe("resolved");
    expect(await listOpenDefects({ db, ...demo, vehicleId: vehicleIds[1] })).toEqual([]);
    await expect(resolveDefect({ db, ...other, defectId: open[0].id, resolve: true, resolver, actor })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a mechanic's DVIR resolves the listed defects of its vehicle; resolving a whole report closes every defect", async () => {
    const { db } = database();
    const report = await submitDvir(
      driverSubmission(0, { vehicleId: vehicleIds[2], safetyStatus: "unsafe", defects: [{ defectTypeId: brakes, comment: "Grinding" }] }),
    );
    const actor = operatorActor("test");
    const mechanicDvir = await submitDvir({
      db,
      ...demo,
      author: { type: "mechanic", userId: mechanic.id },
      actor,
      input: { type: "mechanic", vehicleId: vehicleIds[2], safetyStatus: "safe", signatureName: mechanic.name, resolvedDefectIds: [report.defects[0].id] },
    });
    expect(mechanicDvir.authorUserId).toBe(mechanic.id);
    expect(await getDvir({ db, ...demo, dvirId: report.id })).toMatchObject({
      status: "resolved",
      defects: [{ isResolved: true, resolvedByName: mechanic.name }],
    });
    const elsewhere = await submitDvir(driverSubmission(0, { vehicleId: vehicleIds[3], defects: [{ defectTypeId: tires, comment: "Flat" }] }));
    await expect(
      submitDvir({
        db,
        ...demo,
        author: { type: "mechanic", userId: mechanic.id },
        actor,
        input: { type: "mechanic", vehicleId: vehicleIds[2], safetyStatus: "safe", signatureName: "M", resolvedDefectIds: [elsewhere.defects[0].id] },
      }),
    ).rejects.toMatchObject({ code: "bad_request" });
    const resolved = await resolveDvir({
      db,
      ...demo,
      dvirId: elsewhere.id,
      resolver: { type: "mechanic", id: null, name: "Shop" },
      mechanicNotes: "Patched",
      actor,
    });
    expect(resolved).toMatchObject({ status: "resolved", mechanicNotes: "Patched", defects: [{ isResolved: true, resolvedByName: "Shop" }] });
  });
});

describe("the streams", () => {
  it("page DVIRs and defects by update time without repeats, filtered by status", async () => {
    const { db } = database();
    const range = { startTime: new Date(Date.now() - 3_600_000), endTime: new Date(Date.now() + 60_000) };
    const all = await streamDvirs({ db, ...demo, ...range, limit: 500 });
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged = [];
    let after;
    for (;;) {
      const page = await streamDvirs({ db, ...demo, ...range, after, limit: 2 });
      paged.push(...page);
      if (page.length < 2) break;
      after = { t: page.at(-1)!.updatedAt.getTime(), id: page.at(-1)!.id };
    }
    expect(paged.map((row) => row.id)).toEqual(all.map((row) => row.id));
    const resolved = await streamDvirs({ db, ...demo, ...range, statuses: ["resolved"], limit: 500 });
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((row) => row.status === "resolved")).toBe(true);
    const open = await streamDefects({ db, ...demo, ...range, isResolved: false, limit: 500 });
    expect(open.every((defect) => !defect.isResolved)).toBe(true);
    expect(await streamDvirs({ db, ...other, ...range, limit: 500 })).toEqual([]);
  });
});
