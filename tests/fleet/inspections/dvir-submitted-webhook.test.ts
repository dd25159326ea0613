import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drivers, vehicles, webhookDeliveries } from "@/db/schema";
import { listDefectTypes, submitDvir } from "@/lib/fleet/inspections";
import { createWebhook } from "@/lib/outbound/webhooks/manage-webhooks";
import { driverActor, operatorActor } from "@/lib/platform/audit";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const PUBLIC_ADDRESS = async () => ["93.184.215.14"];
let demo: { companyId: number; dataset: "live" };
let otherCompanyId: number;
let vehicle: { id: number; name: string };
let driverId: number;
let brakes: number;

beforeAll(async () => {
  const { db } = database();
  const seeded = await seedTestCompanies({ db });
  demo = { companyId: seeded.demoCompanyId, dataset: "live" };
  otherCompanyId = seeded.otherCompanyId;
  [vehicle] = await db
    .select({ id: vehicles.id, name: vehicles.name })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demo.companyId), eq(vehicles.dataset, "live")))
    .limit(1);
  [{ id: driverId }] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, demo.companyId), eq(drivers.dataset, "live")))
    .limit(1);
  brakes = (await listDefectTypes({ db, ...demo })).find((type) => type.label === "Brakes")!.id;
  const actor = operatorActor("test");
  await createWebhook({
    db,
    ...demo,
    actor,
    input: { name: "Inspections", url: "https://dvirs.example.com/", eventTypes: ["DvirSubmitted"] },
    resolve: PUBLIC_ADDRESS,
  });
  await createWebhook({
    db,
    ...demo,
    actor,
    input: { name: "Vehicles only", url: "https://vehicles.example.com/", eventTypes: ["VehicleUpdated"] },
    resolve: PUBLIC_ADDRESS,
  });
  await createWebhook({
    db,
    companyId: otherCompanyId,
    dataset: "live",
    actor,
    input: { name: "Theirs", url: "https://theirs.example.com/" },
    resolve: PUBLIC_ADDRESS,
  });
});

const deliveries = () => database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "DvirSubmitted"));

describe("the DvirSubmitted webhook (Samsara's event)", () => {
  it("goes to the company's subscribed webhooks once per report, a retried submission raising nothing, with the report in Samsara's shape", async () => {
    const { db } = database();
    const submission = {
      db,
      ...demo,
      author: { type: "driver" as const, driverId },
      actor: driverActor({ driver: { driverId, name: "Dana" }, ip: null, requestId: null }),
      input: {
        type: "postTrip" as const,
        vehicleId: vehicle.id,
        safetyStatus: "unsafe" as const,
        signatureName: "Dana Driver",
        odometerMeters: 123_456,
        defects: [{ defectTypeId: brakes, comment: "Soft pedal" }],
        idempotencyKey: "dvir-webhook-1",
      },
    };
    const report = await submitDvir(submission);
    await submitDvir(submission);

    const sent = await deliveries();
    expect(sent).toHaveLength(1);
    expect(sent[0].companyId).toBe(demo.companyId);
    expect(sent[0].payload).toMatchObject({
      eventType: "DvirSubmitted",
      orgId: demo.companyId,
      data: {
        dvir: {
          id: String(report.id),
          type: "postTrip",
          safetyStatus: "unsafe",
          needsCorrection: true,
          odometerMeters: 123_456,
          authorSignature: { type: "driver", signatoryUser: { id: String(driverId), name: "Dana Driver" } },
          defects: [{ defectType: "Brakes", defectTypeId: String(brakes), comment: "Soft pedal", isResolved: false }],
        },
        vehicle: { id: String(vehicle.id), name: vehicle.name },
        driver: { id: String(driverId), name: "Dana Driver" },
      },
    });
  });
});
