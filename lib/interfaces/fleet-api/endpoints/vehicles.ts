import { z } from "zod";
import type { AuditActor } from "@/lib/platform/audit";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { updateVehicle } from "@/lib/fleet/vehicles/save-vehicle";
import { vehicleInputSchema } from "@/lib/fleet/vehicles/vehicle-input";
import { readAfterId, toKeysetPage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { idParamsSchema, LIST_PARAMS, vehiclesQuerySchema, type VehiclesQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { presentVehicle } from "../records/vehicle-record";
import { cursorScope, type EndpointContext } from "./context";

/** GET /fleet/vehicles: the live (not archived) vehicles; Samsara's tagIds / parentTagIds narrow vehicleIds (tagFilter). */
export const listVehiclesPage = async ({ db, tenant, query }: EndpointContext & { query: VehiclesQuery }) => {
  // The tag filter is part of the cursor's endpoint so a cursor cannot switch it mid-listing; without
  // one the endpoint is the plain path, as before tags, so cursors issued then stay good.
  const filtered = query.tagIds || query.parentTagIds;
  const scope = cursorScope(filtered ? `fleet/vehicles?${query.tagIds ?? ""}&${query.parentTagIds ?? ""}` : "fleet/vehicles", tenant);
  const rows = await listVehicles({ db, ...tenant, vehicleIds: query.vehicleIds, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
  return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentVehicle) });
};

/** GET /fleet/vehicles/{id} (archived vehicles too: their history stays reachable; a trailer's id is /fleet/trailers/{id}'s) */
export const getVehicleRecord = async ({ db, tenant, vehicleId }: EndpointContext & { vehicleId: number }) => ({
  data: presentVehicle(await getVehicle({ db, ...tenant, vehicleId, kind: "vehicle" })),
});

/** Samsara's update body: the vehicle fields, and `odometerMeters` and `engineHours` (readings taken now, not vehicle fields). */
const vehicleUpdateSchema = vehicleInputSchema
  .extend({
    odometerMeters: z.number().int().min(0).max(1e10).optional().meta({
      description: "Sets the odometer: an odometer reading (`obdOdometerMeters`) taken now; the device's next reading, if it reports one, replaces it.",
    }),
    engineHours: z
      .number()
      .min(0)
      .max(1e6)
      .optional()
      .meta({ description: "Sets the engine hours: a reading (`obdEngineSeconds`) taken now, as odometerMeters; 0 (Samsara's unset) sets nothing." }),
  })
  .strict()
  .meta({ id: "VehicleUpdateInput", description: "Vehicle fields to change (only those given), and `odometerMeters` and `engineHours`." });

type VehicleUpdate = z.output<typeof vehicleUpdateSchema>;

/** PATCH /fleet/vehicles/{id} */
export const updateVehicleRecord = async ({
  db,
  tenant,
  vehicleId,
  input: { odometerMeters, engineHours, ...input },
  actor,
}: EndpointContext & { vehicleId: number; input: VehicleUpdate; actor: AuditActor }) => ({
  data: presentVehicle(
    await updateVehicle({
      db,
      ...tenant,
      vehicleId,
      input,
      // Samsara's engineHours 0 unsets its override; here the device's next reading replaces any set one: nothing to write.
      reading: { odometerMeters, engineSeconds: engineHours ? engineHours * 3600 : undefined },
      actor,
    }),
  ),
});

export const listVehiclesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles",
  scope: "vehicles:read",
  summary: "List vehicles",
  description: "Archived vehicles are left out. `parentTagIds` includes every tag below each parent.",
  query: vehiclesQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
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

export const updateVehicleEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/vehicles/{id}",
  scope: "vehicles:write",
  summary: "Update a vehicle",
  description: [
    "Samsara's vehicle update: only the fields given change; `tagIds` replaces the vehicle's tags. A VIN must pass the North American check digit.",
    "`odometerMeters` sets the odometer and `engineHours` the engine hours (readings taken now; `engineHours` 0 sets nothing).",
    "Fields this service does not keep (`attributes`, `auxInputType*`, `gatewaySerial`, `harshAccelerationSettingType`, ...) are a 400 naming them.",
  ].join(" "),
  params: idParamsSchema,
  body: vehicleUpdateSchema,
  response: FLEET_RESPONSES.vehicle,
  errors: ["not_found", "conflict"],
  run: ({ params, body, ...context }) => updateVehicleRecord({ ...context, vehicleId: params.id, input: body }),
});
