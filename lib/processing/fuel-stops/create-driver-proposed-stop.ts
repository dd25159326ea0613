import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { driverProposedStops, drivers, type Dataset } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { requireTenantVehicles } from "./require-tenant-vehicles";

export type DriverProposedStopInput = {
  assetId: number;
  driverId?: number;
  name: string;
  address?: string;
  latitude: number;
  longitude: number;
  note?: string;
};

/** Stores a destination or fuel stop proposed for a driver; the asset and the driver must be the tenant's (404). */
export const createDriverProposedStop = async ({
  db,
  companyId,
  dataset,
  stop,
}: {
  db: Database;
  companyId: number;
  dataset: Dataset;
  stop: DriverProposedStopInput;
}) =>
  db.transaction(async (tx) => {
    await requireTenantVehicles({ db: tx, companyId, dataset, vehicleIds: [stop.assetId] });
    if (stop.driverId !== undefined) {
      const [driver] = await tx
        .select({ id: drivers.id })
        .from(drivers)
        .where(and(eq(drivers.id, stop.driverId), eq(drivers.companyId, companyId), eq(drivers.dataset, dataset)));
      if (!driver) throw new AppError("not_found", `Driver ${stop.driverId} not found.`);
    }
    const [created] = await tx
      .insert(driverProposedStops)
      .values({
        companyId,
        dataset,
        vehicleId: stop.assetId,
        driverId: stop.driverId ?? null,
        name: stop.name,
        address: stop.address ?? "",
        latitude: stop.latitude,
        longitude: stop.longitude,
        note: stop.note ?? "",
      })
      .returning();
    return created;
  });
