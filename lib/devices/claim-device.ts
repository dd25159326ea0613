import type { DeviceModel, UnclaimedProtocol } from "@/db/schema";
import type { AuditActor } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import type { TenantQuery } from "@/lib/tenant";
import { registerDevice } from "./device-bindings";
import { findUnclaimedDevice } from "./unclaimed-devices";

/** The model of a device that reported over `protocol`. */
export const MODEL_OF_PROTOCOL: Record<UnclaimedProtocol, DeviceModel> = { teltonika: "teltonika", gt06: "gt06", osmand: "osmand" };

/**
 * Claims an unclaimed device in one step: registered in the tenant (its model from how it reported)
 * and bound to an existing vehicle, so its next report is stored. Never creates a vehicle.
 */
export const claimDevice = async ({ db, companyId, dataset, identifier, vehicleId, name, actor }: TenantQuery & { identifier: string; vehicleId: number; name?: string; actor: AuditActor }) => {
  const unclaimed = await findUnclaimedDevice({ db, identifier });
  if (!unclaimed) throw new AppError("not_found", `No unclaimed device "${identifier}".`);
  return registerDevice({ db, companyId, dataset, input: { identifier, model: MODEL_OF_PROTOCOL[unclaimed.protocol], name, vehicleId }, actor, claimed: true });
};
