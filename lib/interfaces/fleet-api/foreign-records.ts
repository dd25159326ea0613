import type { ForeignLookupTarget } from "@/lib/platform/audit";

/**
 * The /fleet routes that name one record by a path parameter, and that record's type: a 404 there on
 * an id another company holds is recorded in that company's audit log (defineFleetEndpoint).
 */
const FOREIGN_RECORDS: Record<string, ForeignLookupTarget> = {
  "/users/{id}": "user",
  "/fleet/vehicles/{id}": "vehicle",
  "/fleet/trailers/{id}": "trailer",
  "/v1/fleet/trailers/{trailerId}/assignments": "trailer",
  "/fleet/drivers/{id}": "driver",
  "/v1/fleet/drivers/{driverId}/hos/duty_status": "driver",
  "/addresses/{id}": "place",
  "/contacts/{id}": "contact",
  "/tags/{id}": "tag",
  "/webhooks/{id}": "webhook",
  "/gateways/{id}": "device",
};

/** The record type a path names and the parameter naming it, or null for a path without one (lists, creations). */
export const foreignRecordOf = (path: string): { type: ForeignLookupTarget; param: string } | null => {
  const type = FOREIGN_RECORDS[path];
  const param = /\{(\w+)\}/.exec(path)?.[1];
  return type && param ? { type, param } : null;
};
