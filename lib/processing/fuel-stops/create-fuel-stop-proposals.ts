import type { Database } from "@/db/client";
import { fuelStopProposals, type Dataset, type FuelPrice } from "@/db/schema";
import { requireTenantVehicles } from "./require-tenant-vehicles";

export type FuelStopsForAsset = {
  assetId: number;
  proposedFuelStops: { name: string; address: string; fuelPrices: FuelPrice[] }[];
};

/** Stores a partner's fuel-stop proposals, all or none: any asset outside the tenant is a 404 and nothing is written. */
export const createFuelStopProposals = async ({
  db,
  companyId,
  dataset,
  proposals,
}: {
  db: Database;
  companyId: number;
  dataset: Dataset;
  proposals: FuelStopsForAsset[];
}) =>
  db.transaction(async (tx) => {
    await requireTenantVehicles({ db: tx, companyId, dataset, vehicleIds: proposals.map((p) => p.assetId) });
    const rows = proposals.flatMap(({ assetId, proposedFuelStops }) =>
      proposedFuelStops.map((stop) => ({ companyId, dataset, vehicleId: assetId, name: stop.name, address: stop.address, fuelPrices: stop.fuelPrices })),
    );
    if (rows.length === 0) return { created: 0 };
    const created = await tx.insert(fuelStopProposals).values(rows).returning({ id: fuelStopProposals.id });
    return { created: created.length };
  });
