import type { Executor } from "@/db/client";
import { listVehicleStates, type VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { listVehicles, type VehicleRow } from "@/lib/fleet/vehicles/list-vehicles";
import type { LegacyCaller } from "./authenticate-legacy-request";

/** The legacy lists are unpaged (the interface has no paging for assets); this bounds one response. */
export const LEGACY_FLEET_LIMIT = 50_000;

export type LegacyFleetEntry = { vehicle: VehicleRow; state: VehicleStateRow };

/** The caller's vehicles (all, or these ids) with their latest state, from the public interface's domain reads. */
export const loadLegacyFleet = async ({
  db,
  caller,
  vehicleIds,
}: {
  db: Executor;
  caller: LegacyCaller;
  vehicleIds?: readonly number[];
}): Promise<LegacyFleetEntry[]> => {
  if (vehicleIds?.length === 0) return [];
  const tenant = { db, companyId: caller.companyId, dataset: caller.dataset, vehicleIds, limit: vehicleIds?.length ?? LEGACY_FLEET_LIMIT };
  const [vehicleRows, states] = await Promise.all([listVehicles(tenant), listVehicleStates(tenant)]);
  const stateById = new Map(states.map((state) => [state.vehicleId, state]));
  return vehicleRows.flatMap((vehicle) => {
    const state = stateById.get(vehicle.id);
    return state ? [{ vehicle, state }] : [];
  });
};

/** Entries with a known position: the v1 position lists have nothing to say about the others. */
export const withPosition = (entries: LegacyFleetEntry[]) =>
  entries.filter(
    (entry): entry is LegacyFleetEntry & { state: VehicleStateRow & { locationTime: Date; latitude: number; longitude: number } } =>
      entry.state.locationTime !== null && entry.state.latitude !== null && entry.state.longitude !== null,
  );
