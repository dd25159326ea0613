import type { Executor } from "@/db/client";
import type { EldEventDraft } from "@/lib/hos/eld-events/record-eld-events";
import type { EnginePowerChange } from "@/lib/hos/eld-monitors/engine-power";
import type { Tenant } from "@/lib/platform/tenant";
import { dutyStatusAt } from "./duty-status-at";
import { findDriverVehicle } from "./vehicle-driver";

type Position = { latitude: number; longitude: number };

/**
 * The type 6 records (Table 6) of a vehicle's engine power-ups and shut-downs (4.5.1.6): the driver of the vehicle
 * then, else the unidentified driver profile's (4.5.1.6(b)); code 1 power-up and 3 shut-down, 2 and 4 with reduced
 * location precision while that driver is in personal conveyance (4.7.3). At the vehicle's last valid position then
 * (`positionAt`, 4.6.1.4(b)). Their total miles and engine hours are the recorder's (record-eld-events.ts). None for
 * the simulator's drivers, whose logs are not an ELD's.
 */
export const enginePowerDrafts = async ({
  tx,
  tenant,
  vehicleId,
  powers,
  positionAt,
}: {
  tx: Executor;
  tenant: Tenant;
  vehicleId: number;
  powers: readonly EnginePowerChange[];
  positionAt: (at: number) => Position | null;
}) => {
  const drafts: EldEventDraft[] = [];
  for (const { at, poweredUp } of powers) {
    const instant = new Date(at);
    const assigned = await findDriverVehicle({ db: tx, ...tenant, vehicleId, at: instant });
    const inEffect = assigned && (await dutyStatusAt({ db: tx, ...tenant, driverId: assigned.driverId, at: instant }));
    if (inEffect?.origin === "simulator") continue;
    const reducedPrecision = inEffect?.status === "personalConveyance";
    drafts.push({
      driverId: assigned?.driverId ?? null,
      vehicleId,
      type: 6,
      code: (poweredUp ? 1 : 3) + (reducedPrecision ? 1 : 0),
      at: instant,
      origin: "automatic",
      position: positionAt(at),
      reducedPrecision,
    });
  }
  return drafts;
};
