import { z } from "zod";
import { createWorkOrder, deleteWorkOrder, getWorkOrder, listWorkOrders, pagePrograms, streamWorkOrders, updateWorkOrder } from "@/lib/processing/maintenance";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idList, numericId } from "../queries";
import { presentServiceTask, presentWorkOrder, serviceTaskSchema, workOrderSchema } from "../records/work-order-record";
import { cursorScope } from "./context";
import { readUpdatedStream, streamRange } from "./updated-stream";
import { createWorkOrderBody, patchWorkOrderBody, SAMSARA_STATUSES, statusesOf, toCreateInput, toUpdateInput } from "./work-order-body";

const workOrderResponse = z.object({ data: workOrderSchema }).meta({ id: "WorkOrderResponse" });

export const listServiceTasksEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/maintenance/service-tasks",
  scope: "maintenance:read",
  summary: "Service tasks: the company's preventive maintenance programs",
  description: "A work order for a program's service names it as its service task; completing the order records the service.",
  query: z.object({
    ...paginationQuery,
    ids: idList("service task"),
    includeArchived: z.enum(["true", "false"]).optional().meta({ description: "Deleted programs too (with archivedAtTime)." }),
  }),
  listKeys: ["ids"],
  response: pageSchema(serviceTaskSchema, "ServiceTasksPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`service-tasks?${query.ids?.join(",") ?? ""}&${query.includeArchived ?? ""}`, tenant);
    const rows = await pagePrograms({
      db,
      ...tenant,
      ids: query.ids,
      includeDeleted: query.includeArchived === "true",
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentServiceTask) });
  },
});

export const listWorkOrdersEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/maintenance/work-orders",
  scope: "maintenance:read",
  summary: "Work orders, newest first (by ids: Samsara's way to get one)",
  query: z.object({ ...paginationQuery, ids: idList("work order").pipe(z.array(z.number()).max(100, "at most 100 ids").optional()) }),
  listKeys: ["ids"],
  response: pageSchema(workOrderSchema, "WorkOrdersPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`work-orders?${query.ids?.join(",") ?? ""}`, tenant);
    const rows = await listWorkOrders({ db, ...tenant, ids: query.ids, olderThanId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentWorkOrder) });
  },
});

export const createWorkOrderEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/maintenance/work-orders",
  scope: "maintenance:write",
  summary: "Open a work order on a vehicle",
  description:
    "For a program's service (a service task, or a SCHEDULED_MAINTENANCE item), a DVIR defect (a DVIR item naming the defect), a fault code (FAULT) " +
    "or by hand (neither); each must be the vehicle's (404). Fields this service does not keep (priority, assignee, vendor, tax...) are a 400.",
  body: createWorkOrderBody,
  response: workOrderResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => ({ data: presentWorkOrder(await createWorkOrder({ db, ...tenant, input: toCreateInput(body), actor })) }),
});

export const patchWorkOrderEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/maintenance/work-orders",
  scope: "maintenance:write",
  summary: "Change a work order's description, status or service task costs",
  description: "A completed work order is the vehicle's service history: changing it is a 409. A service task given replaces the order's lines.",
  body: patchWorkOrderBody,
  response: workOrderResponse,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, body, actor }) => {
    const order = await getWorkOrder({ db, ...tenant, workOrderId: body.id });
    const updated = await updateWorkOrder({ db, ...tenant, workOrderId: body.id, input: toUpdateInput(body, order), actor });
    return { data: presentWorkOrder(updated) };
  },
});

export const deleteWorkOrderEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/maintenance/work-orders",
  scope: "maintenance:write",
  summary: "Delete a work order that is not completed",
  description: "A completed work order is the vehicle's service history: deleting it is a 409.",
  query: z.object({ id: numericId("work order") }),
  status: 204,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, query, actor }) => {
    await deleteWorkOrder({ db, ...tenant, workOrderId: query.id, actor });
  },
});

export const streamWorkOrdersEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/maintenance/work-orders/stream",
  scope: "maintenance:read",
  summary: "Work orders updated in a time range (a feed without endTime)",
  query: z.object({
    ...paginationQuery,
    ...streamRange,
    workOrderStatuses: z
      .array(z.enum(SAMSARA_STATUSES))
      .optional()
      .meta({ description: "Only these statuses (Open, In Progress, Completed; Closed reads as Completed; the others match none)." }),
    assetIds: idList("vehicle").pipe(z.array(z.number()).max(50, "at most 50 ids").optional()),
    assignedUserIds: idList("user").meta({ description: "Work orders here have no assignee: any id matches none." }),
  }),
  listKeys: ["workOrderStatuses", "assetIds", "assignedUserIds"],
  response: pageSchema(workOrderSchema, "WorkOrdersStreamPage"),
  run: ({ db, tenant, query }) =>
    readUpdatedStream({
      tenant,
      endpoint: `work-orders/stream&${query.workOrderStatuses?.join(",") ?? ""}&${query.assetIds?.join(",") ?? ""}&${query.assignedUserIds?.join(",") ?? ""}`,
      query,
      read: async (range) =>
        query.assignedUserIds?.length
          ? []
          : streamWorkOrders({
              db,
              ...tenant,
              ...range,
              statuses: query.workOrderStatuses && statusesOf(query.workOrderStatuses),
              vehicleIds: query.assetIds,
            }),
      present: presentWorkOrder,
    }),
});
