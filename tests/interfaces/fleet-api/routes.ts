import type { z } from "zod";
import type { Scope } from "@/lib/access/api-keys/scopes";
import type { FleetEndpoint } from "@/lib/interfaces/fleet-api/define-fleet-endpoint";
import { FLEET_ENDPOINTS } from "@/lib/interfaces/fleet-api/endpoints";
import type { RouteHandler } from "@/lib/platform/http";
import { FIXTURE_ASSIGNMENT_START } from "../../helpers/fleet-fixture";
import type { OwnedTable } from "../../harness/owned-tables";
import type { FleetCall } from "../../helpers/fleet-request";

export type TenantIds = {
  vehicleIds: number[];
  trailerIds: number[];
  trailerAssignmentIds: number[];
  driverIds: number[];
  spareDriverIds: number[];
  webhookIds: number[];
  userIds: number[];
  liveShareIds: number[];
  spareSerials: string[];
  tagIds: number[];
  placeIds: number[];
  alertRuleIds: number[];
  contactIds: number[];
  defectTypeIds: number[];
  dvirIds: number[];
  defectIds: number[];
  programIds: number[];
  workOrderIds: number[];
};

/** What a test needs beyond the endpoint's definition: whose ids its records carry and a request that works. */
type FleetRouteSample = {
  /** Which tenant ids the records carry. */
  owns: OwnedTable | "nothing";
  /** The request for a tenant (its own ids); `single` routes answer 404 for another tenant's id. */
  request: (tenant: TenantIds) => { path: string } & Pick<FleetCall, "method" | "body" | "params">;
  single?: boolean;
  /** A sandbox (svc_test_) key is refused with 403: the route changes the company's real users or carrier settings. */
  liveOnly?: boolean;
};

/** An endpoint's definition (name, handler, scope, response schema) with its sample. */
/** `schema` is the success body's; absent when the endpoint answers 204 with no body. */
export type FleetRoute = FleetRouteSample & { name: string; endpoint: FleetEndpoint; handler: RouteHandler; scope: Scope; schema: z.ZodType | undefined };

let usernames = 0;
let deletions = 0;
let invites = 0;
let userDeletions = 0;
let revocations = 0;
let assignmentHours = 0;
const HOUR = 3_600_000;
let serials = 0;
let deactivations = 0;
let tagDeletions = 0;
let driverDeletions = 0;
let contactDeletions = 0;
let trailerDeletions = 0;
let workOrderDeletions = 0;
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
  "PATCH /fleet/vehicles/{id}": {
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/fleet/vehicles/${t.vehicleIds[1]}`, params: { id: String(t.vehicleIds[1]) }, method: "PATCH", body: { notes: "patched" } }),
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
  "DELETE /fleet/drivers/{id}": {
    owns: "drivers",
    single: true,
    // Each call deletes a fresh driver without history (the fixture has forty spare ones).
    request: (t) => {
      const id = t.spareDriverIds[++driverDeletions % 40];
      return { path: `/fleet/drivers/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "POST /fleet/drivers/remote-sign-out": {
    owns: "drivers",
    single: true,
    request: (t) => ({ path: "/fleet/drivers/remote-sign-out", method: "POST", body: { driverId: String(t.driverIds[1]) } }),
  },
  "GET /fleet/hos/clocks": { owns: "drivers", request: () => ({ path: "/fleet/hos/clocks" }) },
  "GET /fleet/hos/logs": { owns: "drivers", request: () => ({ path: "/fleet/hos/logs" }) },
  "GET /fleet/hos/daily-logs": { owns: "drivers", request: () => ({ path: "/fleet/hos/daily-logs" }) },
  "GET /fleet/hos/violations": { owns: "drivers", request: () => ({ path: `/fleet/hos/violations?${range()}` }) },
  "GET /beta/fleet/hos/drivers/eld-events": { owns: "drivers", request: () => ({ path: `/beta/fleet/hos/drivers/eld-events?${range()}` }) },
  "GET /webhooks": { owns: "webhooks", request: () => ({ path: "/webhooks" }) },
  "POST /webhooks": {
    owns: "webhooks",
    request: () => ({ path: "/webhooks", method: "POST", body: { name: "Matrix receiver", url: "https://matrix.example.invalid/hook" } }),
  },
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
  "GET /users": { owns: "users", request: () => ({ path: "/users" }) },
  "POST /users": {
    owns: "users",
    liveOnly: true,
    request: () => ({
      path: "/users",
      method: "POST",
      body: { authType: "default", email: `matrix.invite.${++invites}@fixture.test`, name: "Matrix Invite", roles: [{ roleId: "dispatcher" }] },
    }),
  },
  // Users are the company's, whichever dataset the key reads: not `single` (the sandbox's ids are
  // Demo Fleet's users); tests/interfaces/fleet-api/users.test.ts checks another company's ids answer 404.
  "GET /users/{id}": { owns: "users", request: (t) => ({ path: `/users/${t.userIds[0]}`, params: { id: String(t.userIds[0]) } }) },
  "PATCH /users/{id}": {
    owns: "users",
    liveOnly: true,
    request: (t) => ({ path: `/users/${t.userIds[0]}`, params: { id: String(t.userIds[0]) }, method: "PATCH", body: { name: "Patched Person" } }),
  },
  "DELETE /users/{id}": {
    owns: "users",
    liveOnly: true,
    // Each call deactivates a fresh user (the fixture has forty per tenant): a deactivated one answers 404.
    request: (t) => {
      const id = t.userIds[1 + (++userDeletions % 39)];
      return { path: `/users/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "GET /user-roles": { owns: "nothing", request: () => ({ path: "/user-roles" }) },
  "GET /live-shares": { owns: "liveShares", request: () => ({ path: "/live-shares" }) },
  "POST /live-shares": {
    owns: "liveShares",
    request: (t) => ({
      path: "/live-shares",
      method: "POST",
      body: { name: "Matrix link", type: "assetsLocation", assetsLocationLinkConfig: { assetId: String(t.vehicleIds[0]) } },
    }),
  },
  "PATCH /live-shares": {
    owns: "liveShares",
    single: true,
    request: (t) => ({ path: `/live-shares?id=${t.liveShareIds[0]}`, method: "PATCH", body: { name: "Patched link" } }),
  },
  "DELETE /live-shares": {
    owns: "liveShares",
    single: true,
    // Each call revokes a fresh link (the fixture has forty): the matrix calls a route several times.
    request: (t) => ({ path: `/live-shares?id=${t.liveShareIds[1 + (++revocations % 39)]}`, method: "DELETE" }),
  },
  "GET /fleet/driver-vehicle-assignments": { owns: "drivers", request: () => ({ path: "/fleet/driver-vehicle-assignments?filterBy=drivers" }) },
  "POST /fleet/driver-vehicle-assignments": {
    owns: "drivers",
    // A fresh closed hour per call, in 2019 (before the fixture's open assignment), so calls never overlap.
    request: (t) => {
      const start = Date.parse("2019-01-01T00:00:00Z") + ++assignmentHours * HOUR;
      return {
        path: "/fleet/driver-vehicle-assignments",
        method: "POST",
        body: {
          driverId: String(t.driverIds.at(-1)),
          vehicleId: String(t.vehicleIds.at(-1)),
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + HOUR / 2).toISOString(),
        },
      };
    },
  },
  "PATCH /fleet/driver-vehicle-assignments": {
    owns: "drivers",
    single: true,
    request: (t) => ({
      path: "/fleet/driver-vehicle-assignments",
      method: "PATCH",
      body: { driverId: String(t.driverIds[0]), vehicleId: String(t.vehicleIds[0]), startTime: FIXTURE_ASSIGNMENT_START, isPassenger: false },
    }),
  },
  "DELETE /fleet/driver-vehicle-assignments": {
    owns: "vehicles",
    single: true,
    request: (t) => ({
      path: "/fleet/driver-vehicle-assignments",
      method: "DELETE",
      body: { vehicleId: String(t.vehicleIds.at(-1)), startTime: "2018-01-01T00:00:00Z", endTime: "2018-01-02T00:00:00Z" },
    }),
  },
  "GET /fleet/carrier-proposed-assignments": { owns: "drivers", request: () => ({ path: "/fleet/carrier-proposed-assignments" }) },
  "POST /fleet/carrier-proposed-assignments": {
    owns: "drivers",
    request: (t) => ({
      path: "/fleet/carrier-proposed-assignments",
      method: "POST",
      body: { driverId: String(t.driverIds.at(-1)), vehicleId: String(t.vehicleIds.at(-1)), trailerNames: ["Matrix trailer"] },
    }),
  },
  "GET /gateways": { owns: "vehicles", request: () => ({ path: "/gateways" }) },
  "POST /gateways": { owns: "vehicles", request: () => ({ path: "/gateways", method: "POST", body: { serial: `matrix-${process.pid}-${++serials}` } }) },
  "DELETE /gateways/{id}": {
    owns: "vehicles",
    single: true,
    // Each call deactivates a fresh spare device (the fixture registers forty per tenant).
    request: (t) => {
      const serial = t.spareSerials[++deactivations % 40];
      return { path: `/gateways/${serial}`, params: { id: serial }, method: "DELETE" };
    },
  },
  "GET /tags": { owns: "tags", request: () => ({ path: "/tags" }) },
  "POST /tags": { owns: "tags", request: (t) => ({ path: "/tags", method: "POST", body: { name: "Matrix tag", vehicles: [String(t.vehicleIds[0])] } }) },
  "GET /tags/{id}": { owns: "tags", single: true, request: (t) => ({ path: `/tags/${t.tagIds[0]}`, params: { id: String(t.tagIds[0]) } }) },
  "PATCH /tags/{id}": {
    owns: "tags",
    single: true,
    request: (t) => ({ path: `/tags/${t.tagIds[1]}`, params: { id: String(t.tagIds[1]) }, method: "PATCH", body: { name: "Patched tag" } }),
  },
  "PUT /tags/{id}": {
    owns: "tags",
    single: true,
    request: (t) => ({
      path: `/tags/${t.tagIds[2]}`,
      params: { id: String(t.tagIds[2]) },
      method: "PUT",
      body: { name: "Replaced tag", drivers: [String(t.driverIds[0])] },
    }),
  },
  "DELETE /tags/{id}": {
    owns: "tags",
    single: true,
    // Each call deletes a fresh tag (the fixture has forty; the first three are the samples above).
    request: (t) => {
      const id = t.tagIds[3 + (++tagDeletions % 37)];
      return { path: `/tags/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "GET /addresses": { owns: "places", request: () => ({ path: "/addresses" }) },
  "POST /addresses": {
    owns: "places",
    request: () => ({
      path: "/addresses",
      method: "POST",
      body: { name: "Matrix site", formattedAddress: "1 Matrix Way", geofence: { circle: { latitude: 41.9, longitude: -87.6, radiusMeters: 120 } } },
    }),
  },
  "GET /addresses/{id}": { owns: "places", single: true, request: (t) => ({ path: `/addresses/${t.placeIds[0]}`, params: { id: String(t.placeIds[0]) } }) },
  "PATCH /addresses/{id}": {
    owns: "places",
    single: true,
    request: (t) => ({ path: `/addresses/${t.placeIds[0]}`, params: { id: String(t.placeIds[0]) }, method: "PATCH", body: { notes: "Patched" } }),
  },
  "DELETE /addresses/{id}": {
    owns: "places",
    single: true,
    request: (t) => {
      const id = t.placeIds[1 + (++deletions % 39)];
      return { path: `/addresses/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "GET /contacts": { owns: "contacts", request: () => ({ path: "/contacts" }) },
  "POST /contacts": { owns: "contacts", request: () => ({ path: "/contacts", method: "POST", body: { firstName: "Matrix", email: "matrix@contact.test" } }) },
  "GET /contacts/{id}": { owns: "contacts", single: true, request: (t) => ({ path: `/contacts/${t.contactIds[0]}`, params: { id: String(t.contactIds[0]) } }) },
  "PATCH /contacts/{id}": {
    owns: "contacts",
    single: true,
    request: (t) => ({ path: `/contacts/${t.contactIds[0]}`, params: { id: String(t.contactIds[0]) }, method: "PATCH", body: { lastName: "Patched" } }),
  },
  "DELETE /contacts/{id}": {
    owns: "contacts",
    single: true,
    request: (t) => {
      const id = t.contactIds[1 + (++contactDeletions % 39)];
      return { path: `/contacts/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "GET /defect-types": { owns: "dvirDefectTypes", request: () => ({ path: "/defect-types" }) },
  "GET /dvirs/stream": { owns: "dvirs", request: () => ({ path: `/dvirs/stream?${range()}` }) },
  "GET /fleet/dvirs/history": { owns: "dvirs", request: () => ({ path: `/fleet/dvirs/history?${range()}` }) },
  "GET /dvirs/{id}": { owns: "dvirs", single: true, request: (t) => ({ path: `/dvirs/${t.dvirIds[0]}`, params: { id: String(t.dvirIds[0]) } }) },
  "POST /fleet/dvirs": {
    owns: "dvirs",
    request: (t) => ({
      path: "/fleet/dvirs",
      method: "POST",
      body: { authorId: String(t.userIds[0]), type: "mechanic", safetyStatus: "safe", vehicleId: String(t.vehicleIds[0]) },
    }),
  },
  "PATCH /fleet/dvirs/{id}": {
    owns: "dvirs",
    single: true,
    request: (t) => ({
      path: `/fleet/dvirs/${t.dvirIds[1]}`,
      params: { id: String(t.dvirIds[1]) },
      method: "PATCH",
      body: { authorId: String(t.userIds[0]), isResolved: true },
    }),
  },
  "GET /defects/stream": { owns: "dvirDefects", request: () => ({ path: `/defects/stream?${range()}` }) },
  "GET /fleet/defects/history": { owns: "dvirDefects", request: () => ({ path: `/fleet/defects/history?${range()}` }) },
  "GET /defects/{id}": { owns: "dvirDefects", single: true, request: (t) => ({ path: `/defects/${t.defectIds[0]}`, params: { id: String(t.defectIds[0]) } }) },
  "PATCH /fleet/defects/{id}": {
    owns: "dvirDefects",
    single: true,
    request: (t) => ({ path: `/fleet/defects/${t.defectIds[0]}`, params: { id: String(t.defectIds[0]) }, method: "PATCH", body: { isResolved: true } }),
  },
  "GET /maintenance/service-tasks": { owns: "maintenancePrograms", request: () => ({ path: "/maintenance/service-tasks" }) },
  "GET /maintenance/work-orders": { owns: "workOrders", request: () => ({ path: "/maintenance/work-orders" }) },
  "POST /maintenance/work-orders": {
    owns: "workOrders",
    request: (t) => ({ path: "/maintenance/work-orders", method: "POST", body: { assetId: String(t.vehicleIds[1]), description: "Matrix order" } }),
  },
  "PATCH /maintenance/work-orders": {
    owns: "workOrders",
    single: true,
    request: (t) => ({ path: "/maintenance/work-orders", method: "PATCH", body: { id: String(t.workOrderIds[2]), status: "In Progress" } }),
  },
  "DELETE /maintenance/work-orders": {
    owns: "workOrders",
    single: true,
    // Each call deletes a fresh order (the fixture has forty; the first three are the tests' own).
    request: (t) => ({ path: `/maintenance/work-orders?id=${t.workOrderIds[3 + (++workOrderDeletions % 37)]}`, method: "DELETE" }),
  },
  "GET /maintenance/work-orders/stream": { owns: "workOrders", request: () => ({ path: `/maintenance/work-orders/stream?${range()}` }) },
  "GET /alerts/configurations": { owns: "alertRules", request: () => ({ path: "/alerts/configurations" }) },
  "POST /alerts/configurations": {
    owns: "alertRules",
    request: () => ({
      path: "/alerts/configurations",
      method: "POST",
      body: {
        name: "Matrix rule",
        isEnabled: true,
        actions: [{ actionTypeId: 4 }],
        scope: { all: true },
        triggers: [{ triggerTypeId: 1019, triggerParams: { engineIdle: { minDurationMilliseconds: 600_000 } } }],
      },
    }),
  },
  "PATCH /alerts/configurations": {
    owns: "alertRules",
    single: true,
    request: (t) => ({ path: "/alerts/configurations", method: "PATCH", body: { id: String(t.alertRuleIds[0]), name: "Patched rule" } }),
  },
  "DELETE /alerts/configurations": {
    owns: "alertRules",
    single: true,
    request: (t) => ({ path: `/alerts/configurations?id=${t.alertRuleIds[1 + (++deletions % 39)]}`, method: "DELETE" }),
  },
  "GET /alerts/incidents/stream": { owns: "alertRules", request: () => ({ path: `/alerts/incidents/stream?${range()}` }) },
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
  "GET /assets/location-and-speed/stream": { owns: "vehicles", request: () => ({ path: `/assets/location-and-speed/stream?${range()}&includeSpeed=true` }) },
  "GET /me": { owns: "nothing", request: () => ({ path: "/me" }) },
  "PATCH /beta/fleet/vehicles/{id}/immobilizer": {
    owns: "vehicles",
    single: true,
    request: (t) => ({
      path: `/beta/fleet/vehicles/${t.vehicleIds.at(-1)}/immobilizer`,
      params: { id: String(t.vehicleIds.at(-1)) },
      method: "PATCH",
      body: { relayStates: [{ id: "relay1", isOpen: false }] },
    }),
  },
  "GET /fleet/vehicles/immobilizer/stream": {
    owns: "vehicles",
    request: (t) => ({
      path: `/fleet/vehicles/immobilizer/stream?vehicleIds=${t.vehicleIds.join(",")}&startTime=${new Date(Date.now() - 86_400_000).toISOString()}`,
    }),
  },
  "GET /safety-events": { owns: "vehicles", request: () => ({ path: "/safety-events" }) },
  "GET /safety-events/stream": { owns: "vehicles", request: () => ({ path: `/safety-events/stream?${range()}` }) },
  "GET /fleet/trailers": { owns: "vehicles", request: () => ({ path: "/fleet/trailers" }) },
  "POST /fleet/trailers": { owns: "vehicles", request: () => ({ path: "/fleet/trailers", method: "POST", body: { name: "Matrix trailer" } }) },
  "GET /fleet/trailers/{id}": {
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/fleet/trailers/${t.trailerIds[0]}`, params: { id: String(t.trailerIds[0]) } }),
  },
  "PATCH /fleet/trailers/{id}": {
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/fleet/trailers/${t.trailerIds[1]}`, params: { id: String(t.trailerIds[1]) }, method: "PATCH", body: { notes: "patched" } }),
  },
  "DELETE /fleet/trailers/{id}": {
    owns: "vehicles",
    single: true,
    request: (t) => {
      const id = t.trailerIds[3 + (++trailerDeletions % 37)];
      return { path: `/fleet/trailers/${id}`, params: { id: String(id) }, method: "DELETE" };
    },
  },
  "GET /fleet/trailers/stats": { owns: "vehicles", request: () => ({ path: "/fleet/trailers/stats?types=gps,gpsOdometerMeters" }) },
  "GET /fleet/trailers/stats/feed": { owns: "vehicles", request: () => ({ path: "/fleet/trailers/stats/feed?types=gps,gpsOdometerMeters" }) },
  "GET /fleet/trailers/stats/history": { owns: "vehicles", request: () => ({ path: `/fleet/trailers/stats/history?${range()}&types=gps,gpsOdometerMeters` }) },
  "GET /driver-trailer-assignments": { owns: "trailerAssignments", request: () => ({ path: "/driver-trailer-assignments" }) },
  "POST /driver-trailer-assignments": {
    owns: "trailerAssignments",
    request: (t) => ({ path: "/driver-trailer-assignments", method: "POST", body: { driverId: String(t.driverIds[1]), trailerId: String(t.trailerIds[1]) } }),
  },
  "PATCH /driver-trailer-assignments": {
    owns: "trailerAssignments",
    single: true,
    request: (t) => ({ path: `/driver-trailer-assignments?id=${t.trailerAssignmentIds[1]}`, method: "PATCH", body: { endTime: new Date().toISOString() } }),
  },
  "GET /v1/fleet/trailers/assignments": { owns: "vehicles", request: () => ({ path: "/v1/fleet/trailers/assignments" }) },
  "GET /v1/fleet/trailers/{trailerId}/assignments": {
    owns: "vehicles",
    single: true,
    request: (t) => ({ path: `/v1/fleet/trailers/${t.trailerIds[0]}/assignments`, params: { trailerId: String(t.trailerIds[0]) } }),
  },
  "GET /fleet/settings/compliance": { owns: "nothing", request: () => ({ path: "/fleet/settings/compliance" }) },
  "PATCH /fleet/settings/compliance": {
    owns: "nothing",
    request: () => ({ path: "/fleet/settings/compliance", method: "PATCH", body: { dotNumber: 1000003 } }),
    liveOnly: true,
  },
};

/** Every /fleet endpoint (FLEET_ENDPOINTS) with its sample; an endpoint without one fails every test that imports this. */
export const FLEET_ROUTES: FleetRoute[] = FLEET_ENDPOINTS.map((endpoint) => {
  const name = `${endpoint.method} ${endpoint.path}`;
  const sample = SAMPLES[name];
  if (!sample) throw new Error(`Add a sample request for ${name} to tests/interfaces/fleet-api/routes.ts.`);
  return { ...sample, name, endpoint, handler: endpoint.handler, scope: endpoint.scope, schema: endpoint.response };
});

/** The vehicle or driver ids the records of a response belong to. */
export const ownerIdsOf = (body: { data?: unknown }, owns: FleetRoute["owns"]): number[] => {
  // Lists and /fleet records wrap in `data`; Samsara's newer resources (webhooks) answer the record itself.
  const payload = "data" in body ? body.data : "trailers" in body ? body.trailers : body;
  const records = (Array.isArray(payload) ? payload : [payload]) as {
    id?: string;
    driver?: { id: string };
    serial?: string;
    asset?: { id: string | number };
    configurationId?: string;
    vehicleId?: string;
  }[];
  // Gateways name the vehicle they report for as `asset`; an unbound one names none. Incidents name
  // their rule; trips, idling events and speeding intervals belong to their vehicle, the `asset`; immobilizer states name theirs.
  return records.flatMap((record) =>
    record.serial !== undefined
      ? record.asset
        ? [Number(record.asset.id)]
        : []
      : [Number(owns === "drivers" && record.driver ? record.driver.id : (record.configurationId ?? record.asset?.id ?? record.vehicleId ?? record.id))],
  );
};
