import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listVehicles, type VehicleRow } from "./list-vehicles";

/** One of the tenant's vehicles by id or VIN, archived ones too (their history stays reachable); 404 when the tenant has none such. */
export const getVehicle = async ({ db, companyId, dataset, vehicleId, vin }: TenantQuery & { vehicleId?: number; vin?: string }): Promise<VehicleRow> => {
  if (vehicleId === undefined && vin === undefined) throw new Error("getVehicle needs vehicleId or vin");
  const [vehicle] = await listVehicles({
    db,
    companyId,
    dataset,
    vehicleIds: vehicleId === undefined ? undefined : [vehicleId],
    vin,
    archive: "all",
    limit: 1,
  });
  if (!vehicle) throw new AppError("not_found", vehicleId === undefined ? `No vehicle with VIN ${vin}.` : `No vehicle with id ${vehicleId}.`);
  return vehicle;
};
