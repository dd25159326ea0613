import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { driverProposedStops, fuelStopProposals, type Dataset } from "@/db/schema";

type ListOptions = { db: Executor; companyId: number; dataset: Dataset; vehicleId?: number; limit?: number };

/** Partner fuel-stop proposals of a company, or of one of its vehicles, newest first (for the dashboard). */
export const listFuelStopProposals = async ({ db, companyId, dataset, vehicleId, limit = 100 }: ListOptions) => {
  const conditions: (SQL | undefined)[] = [
    eq(fuelStopProposals.companyId, companyId),
    eq(fuelStopProposals.dataset, dataset),
    vehicleId === undefined ? undefined : eq(fuelStopProposals.vehicleId, vehicleId),
  ];
  return db
    .select()
    .from(fuelStopProposals)
    .where(and(...conditions))
    .orderBy(desc(fuelStopProposals.createdAt), desc(fuelStopProposals.id))
    .limit(limit);
};

/** Stops proposed for drivers of a company, or of one of its vehicles, newest first (for the dashboard). */
export const listDriverProposedStops = async ({ db, companyId, dataset, vehicleId, limit = 100 }: ListOptions) => {
  const conditions: (SQL | undefined)[] = [
    eq(driverProposedStops.companyId, companyId),
    eq(driverProposedStops.dataset, dataset),
    vehicleId === undefined ? undefined : eq(driverProposedStops.vehicleId, vehicleId),
  ];
  return db
    .select()
    .from(driverProposedStops)
    .where(and(...conditions))
    .orderBy(desc(driverProposedStops.createdAt), desc(driverProposedStops.id))
    .limit(limit);
};
