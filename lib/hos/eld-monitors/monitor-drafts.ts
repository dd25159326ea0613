import type { Executor } from "@/db/client";
import type { EldEventDraft } from "@/lib/hos/eld-events/record-eld-events";
import { isMalfunctionCode } from "@/lib/hos/eld-events/active-indicators";
import { findDriverForVehicle } from "@/lib/fleet/assignments";
import type { Tenant } from "@/lib/platform/tenant";
import type { EldMonitorState, IndicatorChange } from "./monitor-state";
import { monitorUnidentifiedDriving, UNIDENTIFIED_DRIVING } from "./unidentified-driving-diagnostic";

/**
 * How often a vehicle's unidentified driving is summed, in its reports' time: each window of a fleet driving unassigned
 * summed every vehicle's 8 days of segments (docs/scaling.md, issue 41). A diagnostic logs or clears within a minute.
 */
const UNIDENTIFIED_CHECK_MS = 60_000;

/**
 * The type 7 records of a window's monitor changes (Table 6: 1 malfunction logged, 2 cleared, 3 data diagnostic
 * logged, 4 cleared), after the unidentified driving diagnostic of the vehicles that drove unidentified in the window
 * or hold it logged (`unidentified`; their segments as the window left them).
 */
export const eldMonitorDrafts = async ({
  tx,
  tenant,
  monitors,
  changes,
  unidentified,
}: {
  tx: Executor;
  tenant: Tenant;
  monitors: ReadonlyMap<number, EldMonitorState>;
  changes: Map<number, IndicatorChange[]>;
  unidentified: ReadonlySet<number>;
}) => {
  const asked = [...monitors].flatMap(([vehicleId, state]) =>
    state.lastAt !== null &&
    (unidentified.has(vehicleId) || state.active.includes(UNIDENTIFIED_DRIVING)) &&
    (state.unidentifiedCheckedAt === null || state.lastAt - state.unidentifiedCheckedAt >= UNIDENTIFIED_CHECK_MS)
      ? [{ vehicleId, at: state.lastAt, state }]
      : [],
  );
  for (const { at, state } of asked) state.unidentifiedCheckedAt = at;
  for (const [vehicleId, more] of await monitorUnidentifiedDriving({ db: tx, ...tenant, asked }))
    changes.set(vehicleId, [...(changes.get(vehicleId) ?? []), ...more]);
  return indicatorChangeDrafts({ tx, tenant, changes });
};

/**
 * The type 7 records of each vehicle's logged or cleared malfunctions and diagnostics: the driver's the vehicle is
 * assigned to at the change, else the unidentified driver profile's (4.6.1.1(a)); no location.
 */
export const indicatorChangeDrafts = async ({
  tx,
  tenant,
  changes,
}: {
  tx: Executor;
  tenant: Tenant;
  changes: ReadonlyMap<number, readonly IndicatorChange[]>;
}) => {
  const drafts: EldEventDraft[] = [];
  for (const [vehicleId, list] of changes) {
    for (const { at, diagnosticCode, logged } of list) {
      const assigned = await findDriverForVehicle({ db: tx, ...tenant, vehicleId, at: new Date(at) });
      const malfunction = isMalfunctionCode(diagnosticCode);
      drafts.push({
        driverId: assigned?.id ?? null,
        vehicleId,
        type: 7,
        code: malfunction ? (logged ? 1 : 2) : logged ? 3 : 4,
        at: new Date(at),
        origin: "automatic",
        position: null,
        diagnosticCode,
      });
    }
  }
  return drafts;
};

/**
 * Events in each vehicle's time order (its sequence ids follow it), vehicles in the order they first appear; events
 * of one instant keep their order.
 */
export const inVehicleTimeOrder = (events: readonly EldEventDraft[]) => {
  const rank = new Map<number | null, number>();
  for (const event of events) if (!rank.has(event.vehicleId)) rank.set(event.vehicleId, rank.size);
  return [...events].sort((a, b) => rank.get(a.vehicleId)! - rank.get(b.vehicleId)! || a.at.getTime() - b.at.getTime());
};
