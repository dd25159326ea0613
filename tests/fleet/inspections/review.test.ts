import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, drivers, vehicles } from "@/db/schema";
import { findReviewDue, getDvir, listDefectTypes, resolveDefect, signDvirReview, submitDvir } from "@/lib/fleet/inspections";
import { presentDvir, presentLegacyDvir } from "@/lib/interfaces/fleet-api/records/dvir-record";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { seedInspectionTenants } from "./inspection-tenants";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
type Tenant = { companyId: number; dataset: "live" };
let demo: Tenant;
let other: Tenant;
let vehicleIds: number[];
let driverIds: number[];
let brakes: number;

beforeAll(async () => {
  const tenants = await seedInspectionTenants({ db: database().db });
  ({ demo, other, vehicleIds, driverIds } = tenants);
  brakes = tenants.defectTypeId("Brakes");
});

const actorOf = (driverId: number) => driverActor({ driver: { driverId, name: "Driver" }, ip: null, requestId: null });
const report = (vehicleId: number, withDefect: boolean) =>
  submitDvir({
    db: database().db,
    ...demo,
    author: { type: "driver", driverId: driverIds[0] },
    actor: actorOf(driverIds[0]),
    input: {
      type: "postTrip",
      vehicleId,
      safetyStatus: withDefect ? "unsafe" : "safe",
      signatureName: "First Driver",
      defects: withDefect ? [{ defectTypeId: brakes, comment: "Soft pedal" }] : [],
    },
  });
const review = (dvirId: number, driverId = driverIds[1], signatureName = "Next Driver", tenant: Tenant = demo) =>
  signDvirReview({ db: database().db, ...tenant, dvirId, driverId, signatureName, actor: actorOf(driverId) });

describe("the next driver's review (49 CFR 396.13)", () => {
  it("the next driver sees the last report's defects, repaired or open, signs once, and the report carries Samsara's secondSignature", async () => {
    const { db } = database();
    const vehicleId = vehicleIds[2];
    const first = await report(vehicleId, true);
    expect(await findReviewDue({ db, ...demo, vehicleId, driverId: driverIds[0] })).toBeNull();
    await resolveDefect({
      db,
      ...demo,
      defectId: first.defects[0].id,
      resolve: true,
      resolver: { type: "mechanic", id: null, name: "Mo Mechanic" },
      actor: operatorActor("test"),
    });
    const due = await findReviewDue({ db, ...demo, vehicleId, driverId: driverIds[1] });
    expect(due).toMatchObject({ id: first.id, defects: [{ defectTypeLabel: "Brakes", isResolved: true, resolvedByName: "Mo Mechanic" }] });
    const signed = await review(first.id);
    expect(signed.review).toMatchObject({ driverId: driverIds[1], signatureName: "Next Driver" });
    expect(await findReviewDue({ db, ...demo, vehicleId, driverId: driverIds[1] })).toBeNull();
    expect(await review(first.id)).toMatchObject({ review: { signatureName: "Next Driver" } });
    await expect(review(first.id, driverIds[2])).rejects.toMatchObject({ code: "conflict" });
    expect(presentDvir(signed).secondSignature).toMatchObject({ signatoryUser: { id: String(driverIds[1]), name: "Next Driver" }, type: "driver" });
    expect(presentLegacyDvir(signed).secondSignature).toMatchObject({ type: "driver" });
    expect(presentDvir(await getDvir({ db, ...demo, dvirId: (await report(vehicleIds[3], true)).id })).secondSignature).toBeUndefined();
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "dvir.reviewed"), eq(auditEvents.targetId, String(first.id))));
    expect(audited).toHaveLength(1);
  });

  it("nothing to review after a report without defects; another company's report is 404; an empty signature is 400", async () => {
    const { db } = database();
    const clean = await report(vehicleIds[4], false);
    expect(await findReviewDue({ db, ...demo, vehicleId: vehicleIds[4], driverId: driverIds[1] })).toBeNull();
    await expect(review(clean.id)).rejects.toMatchObject({ code: "bad_request" });
    const defective = await report(vehicleIds[4], true);
    await expect(review(defective.id, driverIds[1], "  ")).rejects.toMatchObject({ code: "bad_request" });
    await expect(review(defective.id, driverIds[1], "Next Driver", other)).rejects.toMatchObject({ code: "not_found" });
    expect((await getDvir({ db, ...demo, dvirId: defective.id })).review).toBeNull();
  });
});
