import { and, gte, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { faultCodes } from "@/db/schema";
import { listDriverClocks } from "@/lib/driver-hos/list-driver-clocks";
import type { HosClocks } from "@/lib/hos";
import { whereTenant, type Tenant } from "@/lib/tenant";
import { HOS_CLOCK_LABELS, type AlertTrigger, type FaultCodeChoice, type HosAlertClock } from "./alert-trigger";

/** One thing a condition rule sees holding now: `key` names it across checks ("fault:12", "driver:3"). */
export type ConditionOccurrence = { key: string; vehicleId: number; at: Date; value?: number; detail: string };

type FaultRow = typeof faultCodes.$inferSelect;

const matches = (code: FaultCodeChoice, fault: FaultRow) => {
  const wanted = code.faultCode.trim().toUpperCase();
  if (code.type === "PASSENGER_DTC") return fault.protocol === "obdii" && fault.dtcShortCode?.toUpperCase() === wanted;
  if (fault.protocol !== "j1939") return false;
  if (code.type === "J1939_SPN") return String(fault.spnId) === wanted;
  return `${fault.spnId}-${fault.fmiId}` === wanted.replace(/[:/ ]/g, "-");
};

const faultName = (fault: FaultRow) => (fault.protocol === "obdii" ? (fault.dtcShortCode ?? "OBD-II code") : `SPN ${fault.spnId} FMI ${fault.fmiId}`);

/**
 * Active fault codes the trigger selects that became active after `since` (the rule's creation: a
 * code already on when the rule was made did not "appear"); one occurrence per code, at its first sighting.
 */
const faultOccurrences = async ({ db, tenant, trigger, since }: { db: Executor; tenant: Tenant; trigger: Extract<AlertTrigger, { type: "faultCode" }>; since: Date }) => {
  const active = await db.select().from(faultCodes).where(and(whereTenant(faultCodes, tenant), isNull(faultCodes.clearedAt), gte(faultCodes.firstSeenAt, since)));
  return active
    .filter((fault) => (trigger.milOnly ? fault.milStatus : trigger.codes.length === 0 || trigger.codes.some((code) => matches(code, fault))))
    .map((fault): ConditionOccurrence => ({ key: `fault:${fault.id}`, vehicleId: fault.vehicleId, at: fault.firstSeenAt, detail: `${faultName(fault)}${fault.description ? ` (${fault.description})` : ""}` }));
};

const REMAINING: Record<HosAlertClock, (clocks: HosClocks) => number> = {
  ShiftDrivingHours: (clocks) => clocks.driveRemainingMs,
  ShiftHours: (clocks) => clocks.shiftRemainingMs,
  CycleHoursOn: (clocks) => clocks.cycleRemainingMs,
  RestbreakMissed: (clocks) => clocks.timeUntilBreakMs,
};

const ON_DUTY = new Set(["driving", "onDuty", "yardMove"]);

/**
 * Drivers on duty with at most the trigger's minutes left on its clock, each on the vehicle of their
 * latest log entry (a driver whose log names no vehicle raises nothing: an incident is a vehicle's).
 */
const hosOccurrences = async ({ db, tenant, trigger, now }: { db: Executor; tenant: Tenant; trigger: Extract<AlertTrigger, { type: "hosTimeLeft" }>; now: Date }) =>
  (await listDriverClocks({ db, ...tenant, at: now })).flatMap(({ driver, clocks, lastEntry }): ConditionOccurrence[] => {
    const remainingMs = Math.max(0, REMAINING[trigger.clock](clocks));
    if (!ON_DUTY.has(clocks.currentStatus) || remainingMs > trigger.minutes * 60_000 || lastEntry?.vehicleId == null) return [];
    const minutesLeft = Math.floor(remainingMs / 60_000);
    return [{ key: `driver:${driver.id}`, vehicleId: Number(lastEntry.vehicleId), at: now, value: minutesLeft, detail: `${driver.name}, ${minutesLeft} min of ${HOS_CLOCK_LABELS[trigger.clock]} left` }];
  });

/** What a condition rule (CONDITION_TRIGGER_TYPES) sees holding now. */
export const findConditionOccurrences = ({ db, tenant, trigger, since, now }: { db: Executor; tenant: Tenant; trigger: AlertTrigger; since: Date; now: Date }) => {
  if (trigger.type === "faultCode") return faultOccurrences({ db, tenant, trigger, since });
  if (trigger.type === "hosTimeLeft") return hosOccurrences({ db, tenant, trigger, now });
  return Promise.resolve([]);
};
