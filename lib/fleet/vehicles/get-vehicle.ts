import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { AssetKind } from "@/db/schema";
import { listVehicles, type VehicleRow } from "./list-vehicles";

/**
 * One of the tenant's vehicles by id or VIN, archived ones too (their history stays reachable); 404 when the
 * tenant has none such. Any kind of asset unless `kind` names one (the public interface's vehicles and trailers).
 */
export const getVehicle = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  vin,
  kind = "any",
}: TenantQuery & { vehicleId?: number; vin?: string; kind?: AssetKind | "any" }): Promise<VehicleRow> => {
  if (vehicleId === undefined && vin === undefined) throw new Error("getVehicle needs vehicleId or vin");
  const [vehicle] = await listVehicles({
    db,
    companyId,
    dataset,
    vehicleIds: vehicleId === undefined ? undefined : [vehicleId],
    vin,
    archive: "all",
    kind,
    limit: 1,
  });
  const noun = kind === "trailer" ? "trailer" : "vehicle";
  if (!vehicle) throw new AppError("not_found", vehicleId === undefined ? `No ${noun} with VIN ${vin}.` : `No ${noun} with id ${vehicleId}.`);
  return vehicle;
};
