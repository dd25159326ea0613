import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe("work orders through the SDK", () => {
  it("getServiceTasks and getWorkOrders in Samsara's shapes: the programs, and the orders with their service task and items", async () => {
    const { client, sent } = createSdkClient(await mintKey({ scopes: ["maintenance:read"] }));
    const tasks = await client.workOrders.getServiceTasks();
    expectSdkShape(tasks, "WorkOrdersGetServiceTasksResponseBody");
    const [oilChange] = tasks.data;
    expect(oilChange).toMatchObject({ name: "Oil change" });
    expect((await client.workOrders.getServiceTasks({ ids: [oilChange.id] })).data.map((task) => task.id)).toEqual([oilChange.id]);
    const orders = await client.workOrders.getWorkOrders();
    expectSdkShape(orders, "WorkOrdersGetWorkOrdersResponseBody");
    // Samsara's default page (50) holds the fixture's forty orders.
    expect(orders.data.length).toBeGreaterThanOrEqual(40);
    expect(orders.pagination).toEqual({ endCursor: "", hasNextPage: false });
    const picked = (await client.workOrders.getWorkOrders({ ids: orders.data.slice(-2).map((order) => order.id) })).data;
    expect(picked.map((order) => order.id)).toEqual(orders.data.slice(-2).map((order) => order.id));
    const withTask = orders.data.find((order) => order.serviceTaskInstances?.length);
    expect(withTask).toMatchObject({
      status: "Open",
      items: [{ type: "SCHEDULED_MAINTENANCE", id: oilChange.id }],
      serviceTaskInstances: [{ serviceTaskId: oilChange.id, laborTimeMinutes: 90, laborHourlyCost: { amount: "80.00", currency: "usd" } }],
    });
    // The SDK sends lists as repeated parameters.
    expect(sent.at(-1)!.url.searchParams.getAll("ids")).toHaveLength(2);
    await expect(client.workOrders.postWorkOrders({ assetId: withTask!.assetId })).rejects.toMatchObject({ statusCode: 403 });
  });

  it("postWorkOrders, patchWorkOrders, streamWorkOrders and deleteWorkOrders: an order opened, costed, completed, streamed; others' 404", async () => {
    const { client } = createSdkClient(await mintKey());
    const [task] = (await client.workOrders.getServiceTasks()).data;
    const assetId = (await client.workOrders.getWorkOrders()).data[0].assetId;
    const created = await client.workOrders.postWorkOrders({
      assetId,
      description: "Oil and filter",
      serviceTaskInstances: [
        {
          serviceTaskId: task.id,
          status: "Open",
          laborTimeMinutes: 45,
          laborHourlyCost: { amount: "100.00", currency: "usd" },
          partsCost: { amount: "30.00", currency: "usd" },
        },
      ],
    });
    expectSdkShape(created, "WorkOrdersPostWorkOrdersResponseBody");
    expect(created.data).toMatchObject({ assetId, status: "Open", serviceTaskInstances: [{ serviceTaskId: task.id, laborTimeMinutes: 45 }] });
    const started = await client.workOrders.patchWorkOrders({ id: created.data.id, status: "In Progress" });
    expectSdkShape(started, "WorkOrdersPatchWorkOrdersResponseBody");
    expect(started.data.status).toBe("In Progress");
    const completed = await client.workOrders.patchWorkOrders({ id: created.data.id, status: "Completed" });
    expect(completed.data).toMatchObject({ status: "Completed", completedAtTime: expect.any(String) });
    const stream = await client.workOrders.streamWorkOrders({ startTime: hourAgo(), workOrderStatuses: ["Completed"] });
    expectSdkShape(stream, "WorkOrdersStreamWorkOrdersResponseBody");
    expect(stream.data.map((order) => order.id)).toEqual([created.data.id]);
    expect(stream.pagination.endCursor).not.toBe("");
    await expect(client.workOrders.deleteWorkOrders({ id: created.data.id })).rejects.toMatchObject({ statusCode: 409 });
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.workOrders.patchWorkOrders({ id: created.data.id, description: "Theirs" })).rejects.toMatchObject({ statusCode: 404 });
    const byHand = await client.workOrders.postWorkOrders({ assetId, description: "Wiper blade" });
    expect(byHand.data).toMatchObject({ items: [], serviceTaskInstances: [] });
    await expect(other.workOrders.deleteWorkOrders({ id: byHand.data.id })).rejects.toMatchObject({ statusCode: 404 });
    await client.workOrders.deleteWorkOrders({ id: byHand.data.id });
    expect((await client.workOrders.getWorkOrders({ ids: [byHand.data.id] })).data).toEqual([]);
    await expect(client.workOrders.postWorkOrders({ assetId, priority: "High" })).rejects.toMatchObject({ statusCode: 400 });
  });
});
