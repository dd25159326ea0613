import type { z } from "zod";
import type { Scope } from "@/lib/api-keys/scopes";
import type { FleetEndpoint } from "@/lib/fleet-api/define-fleet-endpoint";
import { FLEET_ENDPOINTS } from "@/lib/fleet-api/endpoints";
import type { RouteHandler } from "@/lib/http";
import type { FleetCall } from "../helpers/fleet-request";

export type TenantIds = { vehicleIds: number[]; driverIds: number[]; webhookIds: number[] };

/** What a test needs beyond the endpoint's definition: whose ids its records carry and a request that works. */
type FleetRouteSample = {
  /** Which tenant ids the records carry. */
  owns: "vehicles" | "drivers" | "webhooks";
  /** The request for a tenant (its own ids); `single` routes answer 404 for another tenant's id. */
  request: (tenant: TenantIds) => { path: string } & Pick<FleetCall, "method" | "body" | "params">;
  single?: boolean;
};

/** An endpoint's definition (name, handler, scope, response schema) with its sample. */
/** `schema` is the success body's; absent when the endpoint answers 204 with no body. */
export type FleetRoute = FleetRouteSample & { name: string; endpoint: FleetEndpoint; handler: RouteHandler; scope: Scope; schema: z.ZodType | undefined };

let usernames = 0;
let deletions = 0;
const range = () => {
  const end = new Date(Date.now() + 60_000);
  return `startTime=${new Date(end.getTime() - 2 * 86_400_000).toISOString()}&endTime=${end.toISOString()}`;
};

/** A request per /fleet endpoint that returns data for the tenant whose ids it gets, by endpoint name. */
const SAMPLES: Record<string, FleetRouteSample> = {
  "GET /fleet/vehicles": { owns: "vehicles", request: () => ({ path: "/fleet/vehicles" }) },
  "GET /fleet/vehicles/{id}": {
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/fleet/vehicles/${t.vehicleIds[0]}`, params: { id: String(t.vehicleIds[0]) } }),
  },
  "GET /fleet/vehicles/locations": { owns: "vehicles", request: () => ({ path: "/fleet/vehicles/locations" }) },
  "GET /fleet/vehicles/locations/feed": { owns: "vehicles", request: () => ({ path: "/fleet/vehicles/locations/feed" }) },
  "GET /fleet/vehicles/locations/history": {
    owns: "vehicles",
    request: () => ({ path: `/fleet/vehicles/locations/history?${range()}` }),
  },
  "GET /fleet/vehicles/stats": {
    owns: "vehicles",
    request: () => ({ path: "/fleet/vehicles/stats?types=engineRpm,fuelPercents,obdOdometerMeters,obdEngineSeconds,speed,engineStates,gps,faultCodes" }),
  },
  "GET /fleet/vehicles/stats/feed": {
    owns: "vehicles",
    request: () => ({ path: "/fleet/vehicles/stats/feed?types=engineRpm,fuelPercents,gps" }),
  },
  "GET /fleet/vehicles/stats/history": {
    owns: "vehicles",
    request: () => ({ path: `/fleet/vehicles/stats/history?types=engineRpm,fuelPercents,obdOdometerMeters,gps&${range()}` }),
  },
  "GET /fleet/drivers": { owns: "drivers", request: () => ({ path: "/fleet/drivers" }) },
  "POST /fleet/drivers": {
    owns: "drivers",
    request: () => ({ path: "/fleet/drivers", method: "POST", body: { name: "Matrix Driver", username: `matrix.${++usernames}` } }),
  },
  "GET /fleet/drivers/{id}": {
    owns: "drivers",
    single: true,
    request: (t) => ({ path: `/fleet/drivers/${t.driverIds[0]}`, params: { id: String(t.driverIds[0]) } }),
  },
  "PATCH /fleet/drivers/{id}": {
    owns: "drivers",
    single: true,
    request: (t) => ({ path: `/fleet/drivers/${t.driverIds[1]}`, params: { id: String(t.driverIds[1]) }, method: "PATCH", body: { notes: "patched" } }),
  },
  "GET /fleet/hos/clocks": { owns: "drivers", request: () => ({ path: "/fleet/hos/clocks" }) },
  "GET /fleet/hos/logs": { owns: "drivers", request: () => ({ path: "/fleet/hos/logs" }) },
  "GET /fleet/hos/daily-logs": { owns: "drivers", request: () => ({ path: "/fleet/hos/daily-logs" }) },
  "GET /fleet/hos/violations": { owns: "drivers", request: () => ({ path: `/fleet/hos/violations?${range()}` }) },
  "GET /webhooks": { owns: "webhooks", request: () => ({ path: "/webhooks" }) },
  "POST /webhooks": { owns: "webhooks", request: () => ({ path: "/webhooks", method: "POST", body: { name: "Matrix receiver", url: "https://matrix.example.invalid/hook" } }) },
  "GET /webhooks/{id}": { owns: "webhooks", single: true, request: (t) => ({ path: `/webhooks/${t.webhookIds[0]}`, params: { id: String(t.webhookIds[0]) } }) },
  "PATCH /webhooks/{id}": {
    owns: "webhooks",
    single: true,
    request: (t) => ({ path: `/webhooks/${t.webhookIds[0]}`, params: { id: String(t.webhookIds[0]) }, method: "PATCH", body: { name: "Patched receiver" } }),
  },
  "DELETE /webhooks/{id}": {
    owns: "webhooks",
    single: true,
    // Each call deletes a fresh receiver (the fixture has forty): the matrix calls a route several times.
    request: (t) => {
      const id = t.webhookIds[1 + (++deletions % 39)];
      return { path: `/webhooks/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "POST /v1/fleet/drivers/{driverId}/hos/duty_status": {
    owns: "drivers",
    single: true,
    request: (t) => ({
      path: `/v1/fleet/drivers/${t.driverIds[2]}/hos/duty_status`,
      params: { driverId: String(t.driverIds[2]) },
      method: "POST",
      body: { duty_status: "ON_DUTY", remark: "matrix" },
    }),
  },
  "GET /trips/stream": { owns: "vehicles", request: () => ({ path: `/trips/stream?${range()}&queryBy=tripStartTime` }) },
  "GET /idling/events": { owns: "vehicles", request: () => ({ path: `/idling/events?${range()}` }) },
  "GET /speeding-intervals/stream": { owns: "vehicles", request: () => ({ path: `/speeding-intervals/stream?${range()}&queryBy=tripStartTime` }) },
};

/** Every /fleet endpoint (FLEET_ENDPOINTS) with its sample; an endpoint without one fails every test that imports this. */
export const FLEET_ROUTES: FleetRoute[] = FLEET_ENDPOINTS.map((endpoint) => {
  const name = `${endpoint.method} ${endpoint.path}`;
  const sample = SAMPLES[name];
  if (!sample) throw new Error(`Add a sample request for ${name} to tests/fleet-api/routes.ts.`);
  return { ...sample, name, endpoint, handler: endpoint.handler, scope: endpoint.scope, schema: endpoint.response };
});

/** The vehicle or driver ids the records of a response belong to. */
export const ownerIdsOf = (body: { data?: unknown }, owns: FleetRoute["owns"]): number[] => {
  // Lists and /fleet records wrap in `data`; Samsara's newer resources (webhooks) answer the record itself.
  const payload = "data" in body ? body.data : body;
  // Trips, idling events and speeding intervals belong to their vehicle, the `asset`.
  const records = (Array.isArray(payload) ? payload : [payload]) as { id?: string; driver?: { id: string }; asset?: { id: string | number } }[];
  return records.map((record) => Number(owns === "drivers" && record.driver ? record.driver.id : (record.asset?.id ?? record.id)));
};
