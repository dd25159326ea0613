import { createDriver, createDriverSchema, driverInputSchema, getDriver, listDrivers, updateDriver, type CreateDriverInput, type DriverInput } from "@/lib/drivers";
import type { AuditActor } from "@/lib/audit";
import { readAfterId, toKeysetPage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { driversQuerySchema, idParamsSchema, LIST_PARAMS, type DriversQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { presentDriver } from "../records/driver-record";
import { cursorScope, type EndpointContext } from "./context";

/** GET /fleet/drivers */
export const listDriversPage = async ({ db, tenant, query }: EndpointContext & { query: DriversQuery }) => {
  // The filter is part of the cursor's endpoint so a cursor cannot switch it mid-listing.
  const scope = cursorScope(`fleet/drivers?${query.driverActivationStatus}&${query.tagIds ?? ""}&${query.parentTagIds ?? ""}`, tenant);
  const rows = await listDrivers({
    db,
    ...tenant,
    driverIds: query.driverIds,
    activationStatus: query.driverActivationStatus,
    afterId: readAfterId({ after: query.after, scope }),
    limit: query.limit + 1,
  });
  return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentDriver) });
};

/** GET /fleet/drivers/{id} */
export const getDriverRecord = async ({ db, tenant, driverId }: EndpointContext & { driverId: number }) => ({
  data: presentDriver(await getDriver({ db, ...tenant, driverId })),
});

/** POST /fleet/drivers */
export const createDriverRecord = async ({ db, tenant, input, actor }: EndpointContext & { input: CreateDriverInput; actor: AuditActor }) => ({
  data: presentDriver(await createDriver({ db, ...tenant, input, actor })),
});

/** PATCH /fleet/drivers/{id} */
export const updateDriverRecord = async ({ db, tenant, driverId, input, actor }: EndpointContext & { driverId: number; input: DriverInput; actor: AuditActor }) => ({
  data: presentDriver(await updateDriver({ db, ...tenant, driverId, input, actor })),
});

export const listDriversEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/drivers",
  scope: "drivers:read",
  summary: "List drivers",
  query: driversQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "drivers", narrows: "driverIds" },
  response: FLEET_RESPONSES.drivers,
  run: listDriversPage,
});

export const createDriverEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/fleet/drivers",
  scope: "drivers:write",
  summary: "Create a driver",
  body: createDriverSchema,
  response: FLEET_RESPONSES.driver,
  status: 201,
  errors: ["conflict"],
  run: ({ body, ...context }) => createDriverRecord({ ...context, input: body }),
});

export const getDriverEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/drivers/{id}",
  scope: "drivers:read",
  summary: "One driver",
  params: idParamsSchema,
  response: FLEET_RESPONSES.driver,
  errors: ["not_found"],
  run: ({ params, ...context }) => getDriverRecord({ ...context, driverId: params.id }),
});

export const updateDriverEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/drivers/{id}",
  scope: "drivers:write",
  summary: "Update a driver",
  params: idParamsSchema,
  body: driverInputSchema,
  response: FLEET_RESPONSES.driver,
  errors: ["not_found", "conflict"],
  run: ({ params, body, ...context }) => updateDriverRecord({ ...context, driverId: params.id, input: body }),
});
