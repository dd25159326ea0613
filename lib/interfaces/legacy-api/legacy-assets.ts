import type { Executor } from "@/db/client";
import { recordForeignLookup } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { listCurrentHosClocks } from "@/lib/hos/records/list-current-hos-clocks";
import { findLatestFixDistances } from "@/lib/telemetry/vehicle-state/find-latest-fix-distances";
import { findVehicleIdsByVin } from "@/lib/fleet/vehicles/find-vehicle-ids-by-vin";
import type { LegacyCaller } from "./authenticate-legacy-request";
import { toLegacyAssetPosition, toLegacyAssetState, toLegacyAssetWithTimers } from "./legacy-records";
import { loadLegacyFleet, withPosition, type LegacyFleetEntry } from "./load-legacy-fleet";

type LegacyRead = { db: Executor; caller: LegacyCaller };

const tenantOf = ({ db, caller }: LegacyRead) => ({ db, companyId: caller.companyId, dataset: caller.dataset });

/** Ids of the caller's vehicles with these VINs; unknown VINs (or another company's) drop out. */
const idsForVins = async (read: LegacyRead, vins: readonly string[] | undefined) =>
  vins === undefined ? undefined : [...(await findVehicleIdsByVin({ ...tenantOf(read), vins })).values()];

/** GET/POST /api/v1/assets (2.1): every located asset, or those of the given VINs. */
export const listLegacyAssetPositions = async ({ vins, additionalInfo, ...read }: LegacyRead & { vins?: readonly string[]; additionalInfo: boolean }) => {
  const fleet = await loadLegacyFleet({ ...read, vehicleIds: await idsForVins(read, vins) });
  return withPosition(fleet).map((entry) => toLegacyAssetPosition(entry, additionalInfo));
};

/** GET /api/v1/assets/driversTimers and /currentWithTimers (2.2): located assets with driver and HOS clocks now. */
export const listLegacyAssetsWithTimers = async ({ at = new Date(), ...read }: LegacyRead & { at?: Date }) => {
  const located = withPosition(await loadLegacyFleet(read));
  const driverIds = located.flatMap(({ vehicle }) => (vehicle.staticAssignedDriver ? [vehicle.staticAssignedDriver.id] : []));
  const clocks = await listCurrentHosClocks({ ...tenantOf(read), driverIds, at });
  return located.map((entry) =>
    toLegacyAssetWithTimers(entry, entry.vehicle.staticAssignedDriver ? clocks.get(entry.vehicle.staticAssignedDriver.id) : undefined, at),
  );
};

const toStates = async (read: LegacyRead, fleet: LegacyFleetEntry[]) => {
  const fixes = fleet.flatMap(({ state }) => (state.locationTime ? [{ vehicleId: state.vehicleId, time: state.locationTime }] : []));
  const distances = await findLatestFixDistances({ ...tenantOf(read), fixes });
  return fleet.map((entry) => toLegacyAssetState(entry, distances.get(entry.vehicle.id)));
};

/** GET /api/v2/assets (2.5): the whole fleet, or the assets of the given VINs. */
export const listLegacyAssetStates = async ({ vins, ...read }: LegacyRead & { vins?: readonly string[] }) =>
  toStates(read, await loadLegacyFleet({ ...read, vehicleIds: await idsForVins(read, vins) }));

/**
 * GET /api/v2/assets/vin/{vin} and /getByAssetId/{assetId} (2.5): one asset, 404 when the caller has
 * none such. A 404 on an assetId another company holds is recorded in that company's audit log (a VIN
 * is not: several companies may hold the same one).
 */
export const getLegacyAssetState = async ({ vin, assetId, requestId, ...read }: LegacyRead & { vin?: string; assetId?: number; requestId: string }) => {
  const vehicleIds = vin === undefined ? [assetId as number] : await idsForVins(read, [vin]);
  const [state] = await toStates(read, await loadLegacyFleet({ ...read, vehicleIds }));
  if (state) return state;
  if (assetId !== undefined) {
    await recordForeignLookup({
      db: read.db,
      callerCompanyId: read.caller.companyId,
      target: { type: "vehicle", id: assetId },
      actor: { type: "api_key", requestId },
    });
  }
  throw new AppError("not_found", vin === undefined ? `Asset ${assetId} not found.` : `Asset with VIN ${vin} not found.`);
};
