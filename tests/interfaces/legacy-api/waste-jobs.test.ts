import { beforeAll, describe, expect, it } from "vitest";
import { GET as getWasteJobs } from "@/app/api/v1/wastejob/route";
import { legacyWasteJobListSchema } from "@/lib/interfaces/legacy-api/schemas";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { insertWasteJobs, liveFleet } from "./legacy-fixtures";
import { call, expectError, expectShape, issueToken } from "./legacy-client";

const database = useTestDatabase();
let token = "";
let otherToken = "";
let assetId = 0;
let assetName = "";
let driverName = "";
const day = (n: number) => new Date(Date.UTC(2026, 4, 1 + n, 8));

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  const [first] = await liveFleet(db, demoCompanyId);
  ({ id: assetId, name: assetName } = first);
  driverName = first.driverName ?? "";
  // 60 Demo Fleet jobs over 60 days: every 3rd assigned and in progress, every 10th a Delivery.
  await insertWasteJobs(
    db,
    Array.from({ length: 60 }, (_, i) => ({
      companyId: demoCompanyId,
      scheduledDate: day(i),
      status: i % 3 === 0 ? "InProgress" : "Scheduled",
      serviceType: i % 10 === 0 ? "Delivery" : "Collection",
      assignedToAssetId: i % 3 === 0 ? first.id : null,
      assignedToDriverId: i % 3 === 0 ? first.driverId : null,
    })),
  );
  await insertWasteJobs(db, [{ companyId: otherCompanyId, scheduledDate: day(1) }]);
  await insertWasteJobs(db, [{ companyId: demoCompanyId, dataset: "test", scheduledDate: day(1) }]);
  token = await issueToken("demo-client-key");
  otherToken = await issueToken("other-client-key");
});

const list = async (query = "", withToken = token) => call(getWasteJobs, `/api/v1/wastejob${query}`, { token: withToken });

describe("GET /api/v1/wastejob", () => {
  it("pages the company's live jobs in schedule order: 50 by default, count is the total", async () => {
    const result = await list();
    expect(result.status).toBe(200);
    const body = expectShape(legacyWasteJobListSchema, result.json);
    expect(body.count).toBe(60);
    expect(body.jobs).toHaveLength(50);
    expect(body.jobs[0].scheduledDate).toBe(day(0).toISOString());
    const dates = body.jobs.map((job) => job.scheduledDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it("walks offset/limit pages without overlap or gaps", async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 60; offset += 25) {
      const { json } = await list(`?offset=${offset}&limit=25`);
      expect(json.count).toBe(60);
      seen.push(...json.jobs.map((job: { jobId: number }) => job.jobId));
    }
    expect(new Set(seen).size).toBe(60);
    expect((await list("?offset=60")).json).toEqual({ jobs: [], count: 60 });
  });

  it("filters by status, serviceType, schedule window and asset; count follows the filter", async () => {
    const inProgress = await list("?status=InProgress");
    expect(inProgress.json.count).toBe(20);
    expect(inProgress.json.jobs.every((job: { status: string }) => job.status === "InProgress")).toBe(true);
    const job = inProgress.json.jobs[0];
    expect(job).toMatchObject({ assignedToAssetId: assetId, assignedToAssetName: assetName, assignedToDriverName: driverName });
    expect((await list("?serviceType=Delivery")).json.count).toBe(6);
    expect((await list("?status=InProgress&serviceType=Delivery")).json.count).toBe(2);
    const window = await list(`?scheduledFrom=${day(10).toISOString()}&scheduledTo=${day(20).toISOString()}`);
    expect(window.json.count).toBe(10);
    expect((await list(`?assignedToAssetId=${assetId}`)).json.count).toBe(20);
    expect((await list("?status=Scheduled,InProgress")).json.count).toBe(60);
  });

  it("short=true drops the client, address and assignment names", async () => {
    const result = await list("?short=true&status=InProgress&limit=1");
    const [job] = expectShape(legacyWasteJobListSchema, result.json).jobs;
    expect(Object.keys(job).sort()).toEqual(["assignedToAssetId", "companyId", "jobId", "scheduledDate", "serviceType", "status", "tonnage", "utcCreated"]);
    const full = (await list("?short=false&status=InProgress&limit=1")).json.jobs[0];
    // Fields in the contract's order (2.7), as partners' byte-level fixtures have them.
    expect(Object.keys(full)).toEqual([
      "jobId",
      "companyId",
      "scheduledDate",
      "serviceType",
      "status",
      "pickUpClientName",
      "pickUpAddress",
      "assignedToAssetId",
      "assignedToAssetName",
      "assignedToDriverName",
      "tonnage",
      "utcCreated",
    ]);
  });

  it("answers 400 for bad filter values", async () => {
    for (const query of [
      "?status=Done",
      "?serviceType=Teleport",
      "?limit=0",
      "?limit=501",
      "?offset=-1",
      "?limit=ten",
      "?scheduledFrom=yesterday",
      "?assignedToAssetId=1.5",
      "?short=yes",
    ]) {
      expectError(await list(query), 400);
    }
    expect((await list("?limit=500")).status).toBe(200);
  });

  it("answers 403 to a company without the Waste module", async () => {
    const result = await list("", otherToken);
    expectError(result, 403);
    expect(result.json.message).toMatch(/Waste/);
  });

  it("never shows another company's or the sandbox's jobs", async () => {
    const { json } = await list("?limit=500");
    expect(json.jobs.every((job: { companyId: number }) => job.companyId === json.jobs[0].companyId)).toBe(true);
    expect(json.count).toBe(60);
  });
});
