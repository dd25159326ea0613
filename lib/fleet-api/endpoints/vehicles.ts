import { getVehicle } from "@/lib/vehicles/get-vehicle";
import { listVehicles } from "@/lib/vehicles/list-vehicles";
import { readAfterId, toKeysetPage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { idParamsSchema, LIST_PARAMS, vehiclesQuerySchema, type VehiclesQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { presentVehicle } from "../records/vehicle-record";
import { cursorScope, type EndpointContext } from "./context";

/** GET /fleet/vehicles */
export const listVehiclesPage = async ({ db, tenant, query }: EndpointContext & { query: VehiclesQuery }) => {
  const scope = cursorScope("fleet/vehicles", tenant);
  const rows = await listVehicles({ db, ...tenant, vehicleIds: query.vehicleIds, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
  return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentVehicle) });
};

/** GET /fleet/vehicles/{id} */
export const getVehicleRecord = async ({ db, tenant, vehicleId }: EndpointContext & { vehicleId: number }) => ({
  data: presentVehicle(await getVehicle({ db, ...tenant, vehicleId })),
});

export const listVehiclesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles",
  scope: "vehicles:read",
  summary: "List vehicles",
  query: vehiclesQuerySchema,
  listKeys: LIST_PARAMS,
  response: FLEET_RESPONSES.vehicles,
  run: listVehiclesPage,
});

export const getVehicleEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/{id}",
  scope: "vehicles:read",
  summary: "One vehicle",
  params: idParamsSchema,
  response: FLEET_RESPONSES.vehicle,
  errors: ["not_found"],
  run: ({ params, ...context }) => getVehicleRecord({ ...context, vehicleId: params.id }),
});
