import type { DeviceModel, UnclaimedProtocol } from "@/db/schema";
import type { AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import type { TenantQuery } from "@/lib/platform/tenant";
import { registerDevice } from "./device-bindings";
import { findUnclaimedDevice } from "./unclaimed-devices";

/** The model of a device that reported over `protocol`. */
export const MODEL_OF_PROTOCOL: Record<UnclaimedProtocol, DeviceModel> = {
  teltonika: "teltonika",
  gt06: "gt06",
  h02: "h02",
  gps103: "gps103",
  queclink: "queclink",
  jt808: "jt808",
  suntech: "suntech",
  meitrack: "meitrack",
  ruptela: "ruptela",
  osmand: "osmand",
};

/** Claims a company may try: a fleet's rollout fits, guessing identifiers (an IMEI's serial part is six digits) does not. */
const CLAIMS_PER_COMPANY = { capacity: 60, refillPerSecond: 60 / 3600 };

/**
 * Claims an unclaimed device in one step: registered in the tenant (its model from how it reported)
 * and bound to an existing vehicle, so its next report is stored. Never creates a vehicle. The
 * identifier must be typed in full (whoever holds the device reads it off the label or its
 * settings), and each company's attempts are throttled, found or not, so the answer cannot be
 * used to search the identifiers that report (429 past 60 an hour).
 */
export const claimDevice = async ({
  db,
  companyId,
  dataset,
  identifier,
  vehicleId,
  name,
  actor,
}: TenantQuery & { identifier: string; vehicleId: number; name?: string; actor: AuditActor }) => {
  await enforceRateLimit({
    db,
    key: `device-claim:${companyId}`,
    rule: CLAIMS_PER_COMPANY,
    message: "Too many device claims from your company this hour. Try again later.",
  });
  const unclaimed = await findUnclaimedDevice({ db, identifier });
  if (!unclaimed)
    throw new AppError(
      "not_found",
      `No unregistered device has reported as "${identifier}". Type its identifier in full (the IMEI or the id set in Traccar Client), and let it report once.`,
    );
  return registerDevice({ db, companyId, dataset, input: { identifier, model: MODEL_OF_PROTOCOL[unclaimed.protocol], name, vehicleId }, actor, claimed: true });
};
