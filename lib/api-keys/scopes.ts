/** The public interface's scopes (interface section 5.1) and what each allows. */
export const SCOPES = ["vehicles:read", "drivers:read", "drivers:write", "hos:read", "hos:write", "webhooks:read", "webhooks:write", "addresses:read", "addresses:write", "alerts:read", "alerts:write"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_GROUPS: readonly { area: string; scopes: readonly { scope: Scope; allows: string }[] }[] = [
  { area: "Vehicles", scopes: [{ scope: "vehicles:read", allows: "List and view vehicles, locations and stats: /fleet/vehicles/*" }] },
  {
    area: "Drivers",
    scopes: [
      { scope: "drivers:read", allows: "GET /fleet/drivers/*" },
      { scope: "drivers:write", allows: "POST and PATCH /fleet/drivers/*" },
    ],
  },
  {
    area: "Hours of service",
    scopes: [
      { scope: "hos:read", allows: "Clocks, logs, daily logs and violations: /fleet/hos/*" },
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
];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
