import type { EndpointSample } from "./registry";

const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * The harness's facts about each dashboard route that its definition does not give; all
 * authenticate with the session. `query` names parameters a route reads itself (the page's own
 * filter parsers, a stream's resume point, a time range).
 */
export const DASHBOARD_SAMPLES: Record<string, EndpointSample> = {
  "GET /api/dashboard/fleet": { sample: () => ({ path: "/api/dashboard/fleet" }) },
  "GET /api/dashboard/fleet/changes": { sample: (f) => ({ path: `/api/dashboard/fleet/changes?${new URLSearchParams(f.dashboardCursors)}` }) },
  "GET /api/dashboard/fleet/stream": { query: ["after"], sample: (f) => ({ path: `/api/dashboard/fleet/stream?after=${f.streamSeq}` }) },
  "GET /api/dashboard/vehicles": { sample: () => ({ path: "/api/dashboard/vehicles" }) },
  "GET /api/dashboard/vehicles/{id}": { sample: (f) => ({ path: `/api/dashboard/vehicles/${f.demoVehicle.id}`, params: { id: String(f.demoVehicle.id) } }) },
  "GET /api/dashboard/vehicles/{id}/locations": {
    sample: (f) => ({
      path: `/api/dashboard/vehicles/${f.demoVehicle.id}/locations?from=${isoAgo(7_200_000)}&to=${isoAgo(0)}`,
      params: { id: String(f.demoVehicle.id) },
    }),
  },
  "GET /api/dashboard/vehicles/{id}/stats": {
    sample: (f) => ({
      path: `/api/dashboard/vehicles/${f.demoVehicle.id}/stats?from=${isoAgo(7_200_000)}&to=${isoAgo(0)}`,
      params: { id: String(f.demoVehicle.id) },
    }),
  },
  "POST /api/dashboard/vehicles/import": {
    writes: true,
    sample: () => ({ path: "/api/dashboard/vehicles/import?mode=preview", body: "name,vin\nHarness Truck,1M8GDM9AXKP042788\n", contentType: "text/csv" }),
  },
  "GET /api/dashboard/alerts/incidents": { sample: () => ({ path: "/api/dashboard/alerts/incidents" }) },
  "GET /api/dashboard/alerts/stream": { sample: () => ({ path: "/api/dashboard/alerts/stream" }) },
  "GET /api/dashboard/alerts/unread": { sample: () => ({ path: "/api/dashboard/alerts/unread" }) },
  "GET /api/dashboard/places": { sample: () => ({ path: "/api/dashboard/places" }) },
  "GET /waste-jobs/export": { query: ["status", "serviceType", "from", "to", "vehicle", "q", "sort", "page"], sample: () => ({ path: "/waste-jobs/export" }) },
  "GET /inspections/photos/{photoId}": {
    sample: (f) => ({ path: `/inspections/photos/${f.fleet.demo.photoIds[0]}`, params: { photoId: String(f.fleet.demo.photoIds[0]) } }),
  },
  "GET /inspections/{dvirId}/pdf": {
    sample: (f) => ({ path: `/inspections/${f.fleet.demo.dvirIds[0]}/pdf`, params: { dvirId: String(f.fleet.demo.dvirIds[0]) } }),
  },
  "GET /reports/export": {
    query: ["kind", "from", "to", "format", "vehicleIds", "driverIds"],
    sample: () => ({ path: "/reports/export?kind=trips&format=csv" }),
  },
  "GET /vehicles/export": { query: ["tag", "status", "q"], sample: () => ({ path: "/vehicles/export" }) },
  "GET /maintenance/orders/export": {
    query: ["vehicle"],
    sample: (f) => ({ path: `/maintenance/orders/export?vehicle=${f.fleet.demo.vehicleIds[0]}` }),
  },
  "GET /hos/{driverId}/eld-file": {
    sample: (f) => ({ path: `/hos/${f.fleet.demo.driverIds[0]}/eld-file?comment=HARNESS`, params: { driverId: String(f.fleet.demo.driverIds[0]) } }),
  },
  "GET /settings/audit-log/export": {
    query: ["actor", "action", "targetType", "targetId", "from", "to"],
    sample: () => ({ path: "/settings/audit-log/export" }),
  },
};
