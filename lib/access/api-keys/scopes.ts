/** The public interface's scopes (interface section 5.1) and what each allows. */
export const SCOPES = [
  "vehicles:read",
  "vehicles:write",
  "trailers:read",
  "trailers:write",
  "tags:read",
  "tags:write",
  "drivers:read",
  "drivers:write",
  "hos:read",
  "hos:write",
  "webhooks:read",
  "webhooks:write",
  "users:read",
  "users:write",
  "live-shares:read",
  "live-shares:write",
  "assignments:read",
  "assignments:write",
  "gateways:read",
  "gateways:write",
  "addresses:read",
  "addresses:write",
  "alerts:read",
  "alerts:write",
  "contacts:read",
  "contacts:write",
  "maintenance:read",
  "maintenance:write",
  "organization:read",
  "compliance:read",
  "compliance:write",
  "safety:read",
] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_GROUPS: readonly { area: string; scopes: readonly { scope: Scope; allows: string }[] }[] = [
  {
    area: "Vehicles",
    scopes: [
      { scope: "vehicles:read", allows: "List and view vehicles, locations and stats: /fleet/vehicles/*, /assets/location-and-speed/stream" },
      { scope: "vehicles:write", allows: "Update a vehicle, and stop or resume its engine: PATCH /fleet/vehicles/{id}, /beta/fleet/vehicles/{id}/immobilizer" },
    ],
  },
  {
    area: "Safety",
    scopes: [{ scope: "safety:read", allows: "Harsh driving events and crashes: GET /safety-events, /safety-events/stream" }],
  },
  {
    area: "Trailers",
    scopes: [
      {
        scope: "trailers:read",
        allows: "Trailers, their stats and who pulled them: GET /fleet/trailers/*, /driver-trailer-assignments, /v1/fleet/trailers/*",
      },
      { scope: "trailers:write", allows: "POST, PATCH and DELETE /fleet/trailers/*; assign a trailer to a driver: POST and PATCH /driver-trailer-assignments" },
    ],
  },
  {
    area: "Tags",
    scopes: [
      { scope: "tags:read", allows: "GET /tags/*" },
      { scope: "tags:write", allows: "POST, PATCH, PUT and DELETE /tags/*" },
    ],
  },
  {
    area: "Drivers",
    scopes: [
      { scope: "drivers:read", allows: "GET /fleet/drivers/*" },
      { scope: "drivers:write", allows: "POST, PATCH and DELETE /fleet/drivers/*, and sign a driver out: POST /fleet/drivers/remote-sign-out" },
    ],
  },
  {
    area: "Hours of service",
    scopes: [
      { scope: "hos:read", allows: "Clocks, logs, daily logs and violations: /fleet/hos/*; ELD events: /beta/fleet/hos/drivers/eld-events" },
      { scope: "hos:write", allows: "Set a driver's duty status: POST /v1/fleet/drivers/{driverId}/hos/duty_status" },
    ],
  },
  {
    area: "Webhooks",
    scopes: [
      { scope: "webhooks:read", allows: "GET /webhooks/*" },
      { scope: "webhooks:write", allows: "POST, PATCH and DELETE /webhooks/*" },
    ],
  },
  {
    area: "Users",
    scopes: [
      { scope: "users:read", allows: "GET /users/* and /user-roles" },
      { scope: "users:write", allows: "POST, PATCH and DELETE (deactivate) /users/*" },
    ],
  },
  {
    area: "Live sharing links",
    scopes: [
      { scope: "live-shares:read", allows: "GET /live-shares" },
      { scope: "live-shares:write", allows: "POST, PATCH and DELETE /live-shares (a deleted link stops at once)" },
    ],
  },
  {
    area: "Assignments",
    scopes: [
      { scope: "assignments:read", allows: "Who drove which vehicle when: GET /fleet/driver-vehicle-assignments" },
      { scope: "assignments:write", allows: "POST, PATCH and DELETE /fleet/driver-vehicle-assignments" },
    ],
  },
  {
    area: "Gateways (devices)",
    scopes: [
      { scope: "gateways:read", allows: "GET /gateways" },
      { scope: "gateways:write", allows: "Register and deactivate devices: POST /gateways, DELETE /gateways/{id}" },
    ],
  },
  {
    area: "Places",
    scopes: [
      { scope: "addresses:read", allows: "GET /addresses/*" },
      { scope: "addresses:write", allows: "POST, PATCH and DELETE /addresses/*" },
    ],
  },
  {
    area: "Alerts",
    scopes: [
      { scope: "alerts:read", allows: "Alert configurations and incidents: GET /alerts/*" },
      { scope: "alerts:write", allows: "POST, PATCH and DELETE /alerts/configurations" },
    ],
  },
  {
    area: "Contacts",
    scopes: [
      { scope: "contacts:read", allows: "GET /contacts/*" },
      { scope: "contacts:write", allows: "POST, PATCH and DELETE /contacts/* (alert mail recipients who are not users)" },
    ],
  },
  {
    area: "Maintenance",
    scopes: [
      {
        scope: "maintenance:read",
        allows:
          "Inspection reports (DVIRs), their defects and the checklist, service tasks and work orders: GET /dvirs/*, /defects/*, /defect-types, /maintenance/*",
      },
      {
        scope: "maintenance:write",
        allows: "A mechanic's DVIR, resolving defects, work orders: POST /fleet/dvirs, PATCH /fleet/dvirs/{id}, /fleet/defects/{id}; /maintenance/work-orders",
      },
    ],
  },
  {
    area: "Organization",
    scopes: [{ scope: "organization:read", allows: "The key's company: GET /me" }],
  },
  {
    area: "ELD compliance (US)",
    scopes: [
      { scope: "compliance:read", allows: "The carrier's name, USDOT number and office: GET /fleet/settings/compliance" },
      { scope: "compliance:write", allows: "Change them: PATCH /fleet/settings/compliance (live keys only)" },
    ],
  },
];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
