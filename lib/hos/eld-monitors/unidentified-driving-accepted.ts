import type { Executor } from "@/db/client";
import type { Tenant } from "@/lib/platform/tenant";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import type { EldMonitorState } from "./monitor-state";
import { indicatorChangeDrafts } from "./monitor-drafts";
import { saveMonitorState } from "./locked-monitor-states";
import { monitorUnidentifiedDriving, UNIDENTIFIED_DRIVING } from "./unidentified-driving-diagnostic";

/**
 * A vehicle's unidentified driving diagnostic (4.6.1.6) once a driver has assumed one of its unidentified drives, in
 * the acceptance's transaction: the vehicle's unidentified driving over the 8 days up to `now` is summed again, and
 * 15 minutes or less clears it at once (4.6.1.6(b)), recorded as the vehicle's type 7 code 4 record (the driver
 * assigned to it now, else the unidentified profile's) and in its monitor state. `state` is the vehicle's, locked
 * (`lockMonitorStates`); a vehicle without one, or not holding the diagnostic, has nothing to clear.
 */
export const recheckUnidentifiedDriving = async ({
  tx,
  tenant,
  vehicleId,
  state,
  now,
}: {
  tx: Executor;
  tenant: Tenant;
  vehicleId: number;
  state: EldMonitorState | undefined;
  now: Date;
}) => {
  if (!state?.active.includes(UNIDENTIFIED_DRIVING)) return;
  const changes = await monitorUnidentifiedDriving({ db: tx, ...tenant, asked: [{ vehicleId, at: now.getTime(), state }] });
  if ((changes.get(vehicleId) ?? []).length === 0) return;
  await recordEldEvents({ db: tx, ...tenant, drafts: await indicatorChangeDrafts({ tx, tenant, changes }) });
  await saveMonitorState({ tx, tenant, vehicleId, state });
};
