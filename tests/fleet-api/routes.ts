import type { z } from "zod";
import type { Scope } from "@/lib/api-keys/scopes";
import { FLEET_RESPONSES } from "@/lib/fleet-api/response-schemas";
import * as vehicleRoute from "@/app/fleet/vehicles/route";
import * as vehicleByIdRoute from "@/app/fleet/vehicles/[id]/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as locationsFeedRoute from "@/app/fleet/vehicles/locations/feed/route";
import * as locationsHistoryRoute from "@/app/fleet/vehicles/locations/history/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as statsFeedRoute from "@/app/fleet/vehicles/stats/feed/route";
import * as statsHistoryRoute from "@/app/fleet/vehicles/stats/history/route";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as driverByIdRoute from "@/app/fleet/drivers/[id]/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import * as hosLogsRoute from "@/app/fleet/hos/logs/route";
import * as hosDailyLogsRoute from "@/app/fleet/hos/daily-logs/route";
import * as hosViolationsRoute from "@/app/fleet/hos/violations/route";
import type { FleetCall } from "../helpers/fleet-request";

export type TenantIds = { vehicleIds: number[]; driverIds: number[] };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

export type FleetRoute = {
  name: string;
  handler: Handler;
  scope: Scope;
  schema: z.ZodType;
  /** Which tenant ids the records carry. */
  owns: "vehicles" | "drivers";
  /** The request for a tenant (its own ids); `single` routes answer 404 for another tenant's id. */
  request: (tenant: TenantIds) => { path: string } & Pick<FleetCall, "method" | "body" | "params">;
  single?: boolean;
};

let usernames = 0;
const range = () => {
  const end = new Date(Date.now() + 60_000);
  return `startTime=${new Date(end.getTime() - 2 * 86_400_000).toISOString()}&endTime=${end.toISOString()}`;
};

/** Every /fleet endpoint with a request that returns data for the tenant whose ids it gets. */
export const FLEET_ROUTES: FleetRoute[] = [
  { name: "GET /fleet/vehicles", handler: vehicleRoute.GET, scope: "vehicles:read", schema: FLEET_RESPONSES.vehicles, owns: "vehicles", request: () => ({ path: "/fleet/vehicles" }) },
  {
    name: "GET /fleet/vehicles/{id}",
    handler: vehicleByIdRoute.GET,
    scope: "vehicles:read",
    schema: FLEET_RESPONSES.vehicle,
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/fleet/vehicles/${t.vehicleIds[0]}`, params: { id: String(t.vehicleIds[0]) } }),
  },
  { name: "GET /fleet/vehicles/locations", handler: locationsRoute.GET, scope: "vehicles:read", schema: FLEET_RESPONSES.locations, owns: "vehicles", request: () => ({ path: "/fleet/vehicles/locations" }) },
  { name: "GET /fleet/vehicles/locations/feed", handler: locationsFeedRoute.GET, scope: "vehicles:read", schema: FLEET_RESPONSES.locationSeries, owns: "vehicles", request: () => ({ path: "/fleet/vehicles/locations/feed" }) },
  {
    name: "GET /fleet/vehicles/locations/history",
    handler: locationsHistoryRoute.GET,
    scope: "vehicles:read",
    schema: FLEET_RESPONSES.locationSeries,
    owns: "vehicles",
    request: () => ({ path: `/fleet/vehicles/locations/history?${range()}` }),
  },
  {
    name: "GET /fleet/vehicles/stats",
    handler: statsRoute.GET,
    scope: "vehicles:read",
    schema: FLEET_RESPONSES.stats,
    owns: "vehicles",
    request: () => ({ path: "/fleet/vehicles/stats?types=engineRpm,fuelPercents,obdOdometerMeters,obdEngineSeconds,speed,engineStates,gps,faultCodes" }),
  },
  {
    name: "GET /fleet/vehicles/stats/feed",
    handler: statsFeedRoute.GET,
    scope: "vehicles:read",
    schema: FLEET_RESPONSES.statsSeries,
    owns: "vehicles",
    request: () => ({ path: "/fleet/vehicles/stats/feed?types=engineRpm,fuelPercents,gps" }),
  },
  {
    name: "GET /fleet/vehicles/stats/history",
    handler: statsHistoryRoute.GET,
    scope: "vehicles:read",
    schema: FLEET_RESPONSES.statsSeries,
    owns: "vehicles",
    request: () => ({ path: `/fleet/vehicles/stats/history?types=engineRpm,fuelPercents,obdOdometerMeters,gps&${range()}` }),
  },
  { name: "GET /fleet/drivers", handler: driversRoute.GET, scope: "drivers:read", schema: FLEET_RESPONSES.drivers, owns: "drivers", request: () => ({ path: "/fleet/drivers" }) },
  {
    name: "POST /fleet/drivers",
    handler: driversRoute.POST,
    scope: "drivers:write",
    schema: FLEET_RESPONSES.driver,
    owns: "drivers",
    request: () => ({ path: "/fleet/drivers", method: "POST", body: { name: "Matrix Driver", username: `matrix.${++usernames}` } }),
  },
  {
    name: "GET /fleet/drivers/{id}",
    handler: driverByIdRoute.GET,
    scope: "drivers:read",
    schema: FLEET_RESPONSES.driver,
    owns: "drivers",
    single: true,
    request: (t) => ({ path: `/fleet/drivers/${t.driverIds[0]}`, params: { id: String(t.driverIds[0]) } }),
  },
  {
    name: "PATCH /fleet/drivers/{id}",
    handler: driverByIdRoute.PATCH,
    scope: "drivers:write",
    schema: FLEET_RESPONSES.driver,
    owns: "drivers",
    single: true,
    request: (t) => ({ path: `/fleet/drivers/${t.driverIds[1]}`, params: { id: String(t.driverIds[1]) }, method: "PATCH", body: { notes: "patched" } }),
  },
  { name: "GET /fleet/hos/clocks", handler: hosClocksRoute.GET, scope: "hos:read", schema: FLEET_RESPONSES.hosClocks, owns: "drivers", request: () => ({ path: "/fleet/hos/clocks" }) },
  { name: "GET /fleet/hos/logs", handler: hosLogsRoute.GET, scope: "hos:read", schema: FLEET_RESPONSES.hosLogs, owns: "drivers", request: () => ({ path: "/fleet/hos/logs" }) },
  { name: "GET /fleet/hos/daily-logs", handler: hosDailyLogsRoute.GET, scope: "hos:read", schema: FLEET_RESPONSES.hosDailyLogs, owns: "drivers", request: () => ({ path: "/fleet/hos/daily-logs" }) },
  { name: "GET /fleet/hos/violations", handler: hosViolationsRoute.GET, scope: "hos:read", schema: FLEET_RESPONSES.hosViolations, owns: "drivers", request: () => ({ path: `/fleet/hos/violations?${range()}` }) },
];

/** The vehicle or driver ids the records of a response belong to. */
export const ownerIdsOf = (body: { data: unknown }, owns: FleetRoute["owns"]): number[] => {
  const records = (Array.isArray(body.data) ? body.data : [body.data]) as { id?: string; driver?: { id: string } }[];
  return records.map((record) => Number(owns === "drivers" && record.driver ? record.driver.id : record.id));
};
