import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, vehicles, vehicleState, wasteJobs } from "@/db/schema";
import { streamWasteJobsCsv } from "@/lib/dashboard/view/stream-waste-jobs-csv";
import { getCompanySettings } from "@/lib/dashboard/view/company-settings";
import { countWasteJobsByStatus } from "@/lib/fleet/waste/count-waste-jobs-by-status";
import { findWasteJobs } from "@/lib/fleet/waste/find-waste-jobs";
import { getWasteJob } from "@/lib/fleet/waste/get-waste-job";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo = 0;
let other = 0;
let vehicleId = 0;
let otherJobId = 0;

const STATUSES = ["Scheduled", "Assigned", "InProgress", "Completed", "Completed", "Cancelled"];

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId: demo, otherCompanyId: other } = await seedTestCompanies({ db }));
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, demo), eq(vehicles.dataset, "live")))
    .limit(1);
  vehicleId = vehicle.id;
  await db
    .insert(vehicleState)
    .values({ vehicleId, companyId: demo, dataset: "live", latitude: 41.9, longitude: -87.65, locationTime: new Date("2026-03-01T10:00:00Z") });
  // 1,200 jobs: more than two export pages of 500; names with commas and quotes to exercise the CSV.
  await db.insert(wasteJobs).values(
    Array.from({ length: 1200 }, (_, i) => ({
      companyId: demo,
      dataset: "live" as const,
      scheduledDate: new Date(Date.UTC(2026, 2, 1 + (i % 10), 8)),
      serviceType: i % 2 ? "Collection" : "Delivery",
      status: STATUSES[i % STATUSES.length],
      pickUpClientName: i === 0 ? 'ACME, "North" yard' : `Client ${i}`,
      pickUpAddress: `${i} Main St`,
      latitude: 41.88,
      longitude: -87.63,
      assignedToAssetId: i % 3 === 0 ? vehicleId : null,
      tonnage: 1.5,
    })),
  );
  await db.insert(wasteJobs).values({
    companyId: demo,
    dataset: "test",
    scheduledDate: new Date("2026-03-01T08:00:00Z"),
    serviceType: "Collection",
    status: "Scheduled",
    pickUpClientName: "Sandbox",
    pickUpAddress: "x",
  });
  const [otherJob] = await db
    .insert(wasteJobs)
    .values({
      companyId: other,
      dataset: "live",
      scheduledDate: new Date("2026-03-01T08:00:00Z"),
      serviceType: "Collection",
      status: "Scheduled",
      pickUpClientName: "Other",
      pickUpAddress: "x",
    })
    .returning();
  otherJobId = otherJob.id;
});

describe("waste-jobs page data", () => {
  it("counts jobs by status under the other filters, matching the list's count, for the tenant only", async () => {
    const { db } = database();
    const counts = await countWasteJobsByStatus({ db, companyId: demo, dataset: "live" });
    expect(counts).toEqual({ Scheduled: 200, Assigned: 200, InProgress: 200, Completed: 400, Cancelled: 200 });
    const filter = { serviceTypes: ["Collection"], scheduledFrom: new Date("2026-03-02T00:00:00Z"), assignedToAssetId: vehicleId };
    const filtered = await countWasteJobsByStatus({ db, companyId: demo, dataset: "live", ...filter });
    for (const [status, n] of Object.entries(filtered)) {
      const { count } = await findWasteJobs({ db, companyId: demo, dataset: "live", ...filter, statuses: [status], limit: 1 });
      expect(count).toBe(n);
    }
  });

  it("shows one job with its vehicle's latest position, and 404s another company's job", async () => {
    const { db } = database();
    const { jobs } = await findWasteJobs({ db, companyId: demo, dataset: "live", assignedToAssetId: vehicleId, limit: 1 });
    const job = await getWasteJob({ db, companyId: demo, dataset: "live", jobId: jobs[0].jobId });
    expect(job.assignedToAssetId).toBe(vehicleId);
    expect(job.vehiclePosition).toMatchObject({ latitude: 41.9, longitude: -87.65 });
    expect(job).toMatchObject({ latitude: 41.88, longitude: -87.63 });
    await expect(getWasteJob({ db, companyId: demo, dataset: "live", jobId: otherJobId })).rejects.toMatchObject({ code: "not_found" });
  });

  it("shows a completed job where and when it was completed, not where its vehicle is now", async () => {
    const { db } = database();
    const completedAt = new Date("2026-03-01T08:40:00Z");
    await writeTelemetry({
      db,
      companyId: demo,
      dataset: "live",
      now: new Date("2026-03-01T12:00:00Z"),
      positions: [
        { vehicleId, time: new Date("2026-03-01T08:38:00Z"), latitude: 41.8801, longitude: -87.6301 },
        { vehicleId, time: new Date("2026-03-01T08:55:00Z"), latitude: 41.95, longitude: -87.7 },
      ],
    });
    const { jobs: completed } = await findWasteJobs({ db, companyId: demo, dataset: "live", statuses: ["Completed"], assignedToAssetId: vehicleId, limit: 1 });
    await db.update(wasteJobs).set({ completedAt }).where(eq(wasteJobs.id, completed[0].jobId));
    const job = await getWasteJob({ db, companyId: demo, dataset: "live", jobId: completed[0].jobId });
    expect(job.completion).toEqual({ time: completedAt, position: { latitude: 41.8801, longitude: -87.6301 } });
    // A job not completed has no completion, whatever its vehicle did.
    const { jobs } = await findWasteJobs({ db, companyId: demo, dataset: "live", statuses: ["Scheduled"], assignedToAssetId: vehicleId, limit: 1 });
    expect((await getWasteJob({ db, companyId: demo, dataset: "live", jobId: jobs[0].jobId })).completion).toBeNull();
  });

  it("exports every filtered job as CSV across pages, header first, fields quoted", async () => {
    const { db } = database();
    const text = await new Response(
      streamWasteJobsCsv({ db, companyId: demo, dataset: "live", statuses: ["Completed", "Scheduled"], timeZone: "America/Chicago" }),
    ).text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "jobId,scheduledDate,serviceType,status,pickUpClientName,pickUpAddress,assignedToAssetId,assignedToAssetName,assignedToDriverName,tonnage,utcCreated",
    );
    expect(lines).toHaveLength(601);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[0])).size).toBe(600);
    expect(text).toContain('"ACME, ""North"" yard"');
    // Times in the company's zone, with its offset (CST or CDT).
    expect(lines[1].split(",")[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00$/);
    const all = await new Response(streamWasteJobsCsv({ db, companyId: demo, dataset: "live", timeZone: "UTC" })).text();
    expect(all.trimEnd().split("\r\n")).toHaveLength(1201);
    expect(all).not.toContain("Sandbox");
  });

  it("knows which company has the Waste module, and each company's clock (America/Chicago unless set)", async () => {
    const { db } = database();
    const usual = { timeZone: "America/Chicago", distanceUnit: "mi", hosRules: "us70_8" };
    expect(await getCompanySettings({ db, companyId: demo })).toEqual({ modules: ["Waste"], ...usual });
    expect(await getCompanySettings({ db, companyId: other })).toEqual({ modules: [], ...usual });
    await expect(getCompanySettings({ db, companyId: 999_999 })).rejects.toMatchObject({ code: "not_found" });
    await db.update(companies).set({ timeZone: "Europe/Berlin" }).where(eq(companies.id, other));
    expect((await getCompanySettings({ db, companyId: other })).timeZone).toBe("Europe/Berlin");
    await db.update(companies).set({ timeZone: "Mars/Olympus" }).where(eq(companies.id, other));
    expect((await getCompanySettings({ db, companyId: other })).timeZone).toBe("America/Chicago");
  });
});
