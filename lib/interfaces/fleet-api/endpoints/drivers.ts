import { z } from "zod";
import {
  createDriver,
  createDriverSchema,
  deleteDriver,
  driverInputSchema,
  getDriver,
  listDrivers,
  signOutDriver,
  updateDriver,
  type CreateDriverInput,
  type DriverInput,
} from "@/lib/fleet/drivers";
import type { AuditActor } from "@/lib/platform/audit";
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
export const updateDriverRecord = async ({
  db,
  tenant,
  driverId,
  input,
  actor,
}: EndpointContext & { driverId: number; input: DriverInput; actor: AuditActor }) => ({
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

export const deleteDriverEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/fleet/drivers/{id}",
  scope: "drivers:write",
  summary: "Delete a driver",
  description:
    "Deletes a driver who has no recorded history (duty status, log edits or certifications, assignments, " +
    "trips, idling or speeding, incidents, assigned driving, jobs), with their tag memberships and " +
    "logbook sign-in. A driver with history is a 409: deactivate them instead (PATCH " +
    "driverActivationStatus), as their records of duty status must be kept.",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, params, actor }) => {
    await deleteDriver({ db, ...tenant, driverId: params.id, actor });
  },
});

// Samsara's body names the driver as a string of digits; anything else is a 400 naming driverId.
const remoteSignOutSchema = z.object({ driverId: z.string().regex(/^\d{1,9}$/, "driverId must be a driver's id (a string of digits).") });

export const remoteSignOutDriverEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/fleet/drivers/remote-sign-out",
  scope: "drivers:write",
  summary: "Sign a driver out of the logbook",
  description:
    "Ends the driver's logbook sessions on every device: each is signed out at its next request. Answers the driver's name; 404 for an unknown driver.",
  body: remoteSignOutSchema,
  response: z.object({ driverName: z.string() }).meta({ id: "DriverRemoteSignOutResponse" }),
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => {
    const { name } = await signOutDriver({ db, ...tenant, driverId: Number(body.driverId), actor });
    return { driverName: name };
  },
});
