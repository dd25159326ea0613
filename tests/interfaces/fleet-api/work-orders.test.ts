import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as serviceTasksRoute from "@/app/maintenance/service-tasks/route";
import * as workOrdersRoute from "@/app/maintenance/work-orders/route";
import * as streamRoute from "@/app/maintenance/work-orders/stream/route";
import { auditEvents, faultCodes } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { deleteProgram, listVehicleMaintenance } from "@/lib/processing/maintenance";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type Page<T> = { data: T[]; pagination: { endCursor: string; hasNextPage: boolean } };
type Money = { amount: string; currency: string };
type WorkOrder = {
  id: string;
  assetId: string;
  status: string;
  description: string;
  completedAtTime?: string;
  items: { id: string; type: string }[];
  serviceTaskInstances: { id: string; serviceTaskId: string; status: string; laborTimeMinutes: number; laborHourlyCost: Money; partsCost: Money }[];
  unallocatedLabor?: { cost: Money; timeMinutes: number };
};

const get = <T>(handler: typeof streamRoute.GET, path: string, key = fixture.demo.key) =>
  callFleet(handler, path, { key }) as Promise<{ status: number; body: T }>;
const post = (body: unknown, key = fixture.demo.key) => callFleet(workOrdersRoute.POST, "/maintenance/work-orders", { key, method: "POST", body });
const patch = (body: unknown) => callFleet(workOrdersRoute.PATCH, "/maintenance/work-orders", { key: fixture.demo.key, method: "PATCH", body });
const remove = (id: number | string) => callFleet(workOrdersRoute.DELETE, `/maintenance/work-orders?id=${id}`, { key: fixture.demo.key, method: "DELETE" });
const expectError = (response: { status: number; body: unknown }, status: number, message?: RegExp) => {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ message: message ? expect.stringMatching(message) : expect.any(String), requestId: expect.stringMatching(/^req_/) });
};

describe("Samsara's work order resources", () => {
  it("GET /maintenance/service-tasks: the company's programs, by ids, deleted ones only with includeArchived", async () => {
    const [programId] = fixture.demo.programIds;
    const tasks = await get<Page<{ id: string; name: string; intervalMonths?: number; archivedAtTime?: string }>>(
      serviceTasksRoute.GET,
      "/maintenance/service-tasks",
    );
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toEqual([{ id: String(programId), name: "Oil change", intervalMeters: 25_000_000, intervalEngineHours: 500, intervalMonths: 6 }]);
    const theirs = await get<Page<unknown>>(serviceTasksRoute.GET, `/maintenance/service-tasks?ids=${fixture.other.programIds[0]}`);
    expect(theirs.body.data).toEqual([]);
    await deleteProgram({
      db: database().db,
      companyId: fixture.other.companyId,
      dataset: "live",
      programId: fixture.other.programIds[0],
      actor: operatorActor("test"),
    });
    const other = (path: string) => get<Page<{ id: string; archivedAtTime?: string }>>(serviceTasksRoute.GET, path, fixture.other.key);
    expect((await other("/maintenance/service-tasks")).body.data).toEqual([]);
    expect((await other("/maintenance/service-tasks?includeArchived=true")).body.data).toEqual([
      expect.objectContaining({ id: String(fixture.other.programIds[0]), archivedAtTime: expect.any(String) }),
    ]);
  });

  it("GET /maintenance/work-orders: newest first, paged, by ids; a program's order shows its service task, a defect's its DVIR item", async () => {
    const all = await get<Page<WorkOrder>>(workOrdersRoute.GET, "/maintenance/work-orders?limit=512");
    const ids = all.body.data.map((order) => Number(order.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining(fixture.demo.workOrderIds));
    const first = await get<Page<WorkOrder>>(workOrdersRoute.GET, "/maintenance/work-orders?limit=10");
    expect(first.body.pagination.hasNextPage).toBe(true);
    const next = await get<Page<WorkOrder>>(workOrdersRoute.GET, `/maintenance/work-orders?limit=512&after=${first.body.pagination.endCursor}`);
    expect([...first.body.data, ...next.body.data].map((order) => order.id)).toEqual(all.body.data.map((order) => order.id));
    const [forProgram, forDefect] = fixture.demo.workOrderIds;
    const picked = await get<Page<WorkOrder>>(workOrdersRoute.GET, `/maintenance/work-orders?ids=${forProgram},${forDefect},${fixture.other.workOrderIds[0]}`);
    expect(picked.body.data.map((order) => order.id)).toEqual([String(forDefect), String(forProgram)]);
    expect(picked.body.data[1]).toMatchObject({
      assetId: String(fixture.demo.vehicleIds[0]),
      status: "Open",
      items: [{ id: String(fixture.demo.programIds[0]), type: "SCHEDULED_MAINTENANCE" }],
      serviceTaskInstances: [
        {
          serviceTaskId: String(fixture.demo.programIds[0]),
          status: "Open",
          laborTimeMinutes: 90,
          laborHourlyCost: { amount: "80.00", currency: "usd" },
          partsCost: { amount: "25.00", currency: "usd" },
        },
      ],
    });
    expect(picked.body.data[0]).toMatchObject({ items: [{ id: String(fixture.demo.defectIds[0]), type: "DVIR" }], serviceTaskInstances: [] });
    expectError(await get(workOrdersRoute.GET, "/maintenance/work-orders?ids=x"), 400);
  });

  it("POST /maintenance/work-orders: by hand, for a program with costs, for a fault code; foreign sources 404, fields not kept 400; audited", async () => {
    const vehicleId = String(fixture.demo.vehicleIds[0]);
    const byHand = await post({ assetId: vehicleId });
    expect(byHand.status).toBe(200);
    expect(byHand.body.data).toMatchObject({ assetId: vehicleId, status: "Open", description: "Work order", items: [], serviceTaskInstances: [] });
    const programId = String(fixture.demo.programIds[0]);
    const forProgram = await post({
      assetId: vehicleId,
      description: "Oil and filter",
      serviceTaskInstances: [
        {
          serviceTaskId: programId,
          status: "Open",
          laborTimeMinutes: 30,
          laborHourlyCost: { amount: "90", currency: "usd" },
          partsCost: { amount: "12.5", currency: "usd" },
        },
      ],
    });
    expect(forProgram.body.data).toMatchObject({
      items: [{ id: programId, type: "SCHEDULED_MAINTENANCE" }],
      serviceTaskInstances: [{ serviceTaskId: programId, laborTimeMinutes: 30, laborHourlyCost: { amount: "90.00" }, partsCost: { amount: "12.50" } }],
      totalCost: { amount: "57.50", currency: "usd" },
    });
    const [fault] = await database()
      .db.select({ id: faultCodes.id })
      .from(faultCodes)
      .where(and(eq(faultCodes.companyId, fixture.demo.companyId), eq(faultCodes.vehicleId, fixture.demo.vehicleIds[0])));
    const forFault = await post({ assetId: vehicleId, description: "Check engine light", items: [{ id: String(fault.id), type: "FAULT" }] });
    expect(forFault.body.data.items).toEqual([{ id: String(fault.id), type: "FAULT" }]);
    expectError(await post({ assetId: String(fixture.other.vehicleIds[0]) }), 404);
    expectError(await post({ assetId: String(fixture.demo.vehicleIds[1]), items: [{ id: String(fixture.demo.defectIds[0]), type: "DVIR" }] }), 404, /defect/);
    expectError(await post({ assetId: vehicleId, serviceTaskInstances: [{ serviceTaskId: String(fixture.other.programIds[0]), status: "Open" }] }), 404);
    expectError(await post({ assetId: vehicleId, priority: "High" }), 400, /priority/);
    expectError(await post({ assetId: vehicleId, items: [{ id: "1", type: "FORM" }] }), 400, /items/);
    expectError(
      await post({ assetId: vehicleId, serviceTaskInstances: [{ serviceTaskId: programId, status: "Open", parts: [{ partId: "1", quantity: 1 }] }] }),
      400,
      /parts/,
    );
    expectError(
      await post({
        assetId: vehicleId,
        items: [{ id: String(fault.id), type: "FAULT" }],
        serviceTaskInstances: [{ serviceTaskId: programId, status: "Open" }],
      }),
      400,
    );
    const [audited] = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "work_order.created"), eq(auditEvents.targetId, byHand.body.data.id)));
    expect(audited).toMatchObject({ companyId: fixture.demo.companyId, actorType: "api_key" });
  });

  it("PATCH and DELETE /maintenance/work-orders: completing a program's order records the service; a completed one is history (409); others' 404", async () => {
    const [forProgram, , byHand] = fixture.demo.workOrderIds;
    const started = await patch({ id: String(byHand), status: "In Progress", description: "Replace the mirror" });
    expect(started.body.data).toMatchObject({ status: "In Progress", description: "Replace the mirror" });
    expect((await patch({ id: String(byHand), status: "On Hold" })).body.data.status).toBe("In Progress");
    expectError(await patch({ id: String(byHand), status: "Cancelled" }), 400, /status.*delete/);
    expectError(
      await patch({ id: String(byHand), serviceTaskInstances: [{ serviceTaskId: String(fixture.demo.programIds[0]), status: "Open" }] }),
      400,
      /serviceTaskInstances/,
    );
    expectError(await patch({ id: String(fixture.other.workOrderIds[2]), status: "In Progress" }), 404);
    const costed = await patch({
      id: String(forProgram),
      serviceTaskInstances: [
        { serviceTaskId: String(fixture.demo.programIds[0]), status: "Open", laborTimeMinutes: 120, laborHourlyCost: { amount: "75", currency: "usd" } },
      ],
    });
    expect(costed.body.data.serviceTaskInstances[0]).toMatchObject({
      laborTimeMinutes: 120,
      laborHourlyCost: { amount: "75.00" },
      partsCost: { amount: "0.00" },
    });
    const completed = await patch({ id: String(forProgram), status: "Closed" });
    expect(completed.body.data).toMatchObject({ status: "Completed", completedAtTime: expect.any(String) });
    const [serviced] = await listVehicleMaintenance({
      db: database().db,
      companyId: fixture.demo.companyId,
      dataset: "live",
      vehicleId: fixture.demo.vehicleIds[0],
    });
    expect(serviced.serviceAt.toISOString()).toBe(completed.body.data.completedAtTime);
    expectError(await patch({ id: String(forProgram), description: "Again" }), 409);
    expectError(await remove(forProgram), 409);
    expectError(await remove(fixture.other.workOrderIds[5]), 404);
    expect((await remove(byHand)).status).toBe(204);
    expect((await get<Page<WorkOrder>>(workOrdersRoute.GET, `/maintenance/work-orders?ids=${byHand}`)).body.data).toEqual([]);
  });

  it("GET /maintenance/work-orders/stream: by update time, a feed to poll without endTime, filtered by status and asset", async () => {
    const start = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const feed = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?startTime=${start}&limit=512`);
    expect(feed.body.data.length).toBeGreaterThan(30);
    expect(feed.body.pagination.endCursor).not.toBe("");
    const [, forDefect] = fixture.demo.workOrderIds;
    await patch({ id: String(forDefect), status: "In Progress" });
    const polled = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?startTime=${start}&after=${feed.body.pagination.endCursor}`);
    expect(polled.body.data.map((order) => order.id)).toEqual([String(forDefect)]);
    const end = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const range = `startTime=${start}&endTime=${end}`;
    const first = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?${range}&limit=5`);
    const rest = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?${range}&limit=512&after=${first.body.pagination.endCursor}`);
    const streamed = [...first.body.data, ...rest.body.data].map((order) => order.id);
    expect(new Set(streamed).size).toBe(streamed.length);
    const inProgress = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?${range}&workOrderStatuses=In Progress,Assigned`);
    expect(inProgress.body.data.length).toBeGreaterThan(0);
    expect(inProgress.body.data.every((order) => order.status === "In Progress")).toBe(true);
    const elsewhere = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?${range}&assetIds=${fixture.demo.vehicleIds[2]}`);
    expect(elsewhere.body.data).toEqual([]);
    const assigned = await get<Page<WorkOrder>>(streamRoute.GET, `/maintenance/work-orders/stream?${range}&assignedUserIds=${fixture.demo.userIds[0]}`);
    expect(assigned.body.data).toEqual([]);
    expectError(await get(streamRoute.GET, `/maintenance/work-orders/stream?${range}&workOrderStatuses=Done`), 400);
    expectError(await get(streamRoute.GET, "/maintenance/work-orders/stream"), 400);
  });
});
