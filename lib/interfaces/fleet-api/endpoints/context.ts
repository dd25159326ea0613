import type { Executor } from "@/db/client";
import type { Tenant } from "@/lib/platform/tenant";
import type { ApiVersion } from "@/lib/platform/api-versions";
import { isLongRange, runHeavyRequest } from "@/lib/platform/rate-limit";

/** What every endpoint function gets from the wrapper. */
export type EndpointContext = { db: Executor; tenant: Tenant; version: ApiVersion };

/** The calling key, for limits counted per key. */
export type CallingKey = { key: { id: string } };

/** Reads history over `range`; a long range runs as a heavy request, capped per company and per key (429 with Retry-After beyond). */
export const readHistory = <T>({ tenant, key, range }: { tenant: Tenant; key: { id: string }; range: { start: Date; end: Date } }, read: () => Promise<T>) =>
  isLongRange(range) ? runHeavyRequest({ companyId: tenant.companyId, holder: `key:${key.id}` }, read) : read();

export const cursorScope = (endpoint: string, tenant: Tenant) => ({ endpoint, companyId: tenant.companyId, dataset: tenant.dataset });

/** Rows grouped by vehicle id, keeping their order: one pass instead of a filter per vehicle. */
export const groupByVehicle = <R extends { vehicleId: number }>(rows: readonly R[]) => {
  const groups = new Map<number, R[]>();
  for (const row of rows) {
    const group = groups.get(row.vehicleId);
    if (group) group.push(row);
    else groups.set(row.vehicleId, [row]);
  }
  return (vehicleId: number): R[] => groups.get(vehicleId) ?? [];
};
