import { and, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { faultCodes } from "@/db/schema";
import type { DriverClocks } from "@/lib/hos/records/compute-drivers-clocks";
import { listDriverClocks } from "@/lib/hos/records/list-driver-clocks";
import type { HosClocks } from "@/lib/hos/rules";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { listVehicleMaintenance } from "@/lib/processing/maintenance/list-maintenance";
import { HOS_CLOCK_LABELS, type AlertTrigger, type FaultCodeChoice, type HosAlertClock } from "./alert-trigger";

/** One thing a condition rule sees holding now: `key` names it across checks ("fault:12", "driver:3"). */
export type ConditionOccurrence = { key: string; vehicleId: number; at: Date; value?: number; detail: string };

type FaultRow = typeof faultCodes.$inferSelect;

const WEEK_MS = 7 * 86_400_000;

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
const faultOccurrences = (active: readonly FaultRow[], trigger: Extract<AlertTrigger, { type: "faultCode" }>, since: Date) =>
  active
    .filter(
      (fault) =>
        fault.firstSeenAt >= since && (trigger.milOnly ? fault.milStatus : trigger.codes.length === 0 || trigger.codes.some((code) => matches(code, fault))),
    )
    .map((fault): ConditionOccurrence => ({
      key: `fault:${fault.id}`,
      vehicleId: fault.vehicleId,
      at: fault.firstSeenAt,
      detail: `${faultName(fault)}${fault.description ? ` (${fault.description})` : ""}`,
    }));

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
const hosOccurrences = (drivers: readonly DriverClocks[], trigger: Extract<AlertTrigger, { type: "hosTimeLeft" }>, now: Date) =>
  drivers.flatMap(({ driver, clocks, lastEntry }): ConditionOccurrence[] => {
    const remainingMs = Math.max(0, REMAINING[trigger.clock](clocks));
    if (!ON_DUTY.has(clocks.currentStatus) || remainingMs > trigger.minutes * 60_000 || lastEntry?.vehicleId == null) return [];
    const minutesLeft = Math.floor(remainingMs / 60_000);
    return [
      {
        key: `driver:${driver.id}`,
        vehicleId: Number(lastEntry.vehicleId),
        at: now,
        value: minutesLeft,
        detail: `${driver.name}, ${minutesLeft} min of ${HOS_CLOCK_LABELS[trigger.clock]} left`,
      },
    ];
  });

/** A vehicle's last trip (ended in the last week) and whether a post-trip inspection of the vehicle came after it began. */
type LastTrip = { tripId: number; vehicleId: number; endTime: Date; inspected: boolean };

const lastTrips = async (db: Executor, tenant: Tenant, now: Date): Promise<LastTrip[]> => {
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  const rows = await queryRows<Omit<LastTrip, "endTime"> & { endTime: Date | string }>(
    db,
    sql`select t.id::int as "tripId", t.vehicle_id as "vehicleId", t.end_time as "endTime",
          exists (select 1 from dvirs d where d.company_id = t.company_id and d.dataset = t.dataset and d.vehicle_id = t.vehicle_id
            and d.type = 'postTrip' and d.submitted_at >= t.start_time) as inspected
        from (select distinct on (vehicle_id) id, company_id, dataset, vehicle_id, start_time, end_time from trips
              where company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and end_time > ${weekAgo}::timestamptz
              order by vehicle_id, end_time desc) t`,
  );
  return rows.map((row) => ({ ...row, endTime: new Date(row.endTime) }));
};

/**
 * Vehicles whose last trip ended at least the trigger's minutes ago, after the rule was made, with no
 * post-trip inspection submitted since that trip began: one occurrence per trip, so the next trip's
 * missing report is another incident, and a report (or the vehicle driving on) ends it.
 */
const missingDvirOccurrences = (trips: readonly LastTrip[], trigger: Extract<AlertTrigger, { type: "missingDvir" }>, since: Date, now: Date) =>
  trips
    .filter((trip) => !trip.inspected && trip.endTime >= since && now.getTime() - trip.endTime.getTime() >= trigger.minutes * 60_000)
    .map((trip): ConditionOccurrence => ({
      key: `trip:${trip.tripId}`,
      vehicleId: trip.vehicleId,
      at: new Date(trip.endTime.getTime() + trigger.minutes * 60_000),
      detail: `${trigger.minutes} min after the last trip`,
    }));

const STATUS_WORDS = { overdue: "overdue", dueSoon: "due soon" } as const;

/**
 * Vehicles whose service on a program is overdue (or due soon, when the trigger says), from their latest
 * readings and today's date: one occurrence per vehicle, program and last service, so recording the
 * service ends it and the next one due is another incident.
 */
const maintenanceOccurrences = (
  rows: Awaited<ReturnType<typeof listVehicleMaintenance>>,
  trigger: Extract<AlertTrigger, { type: "maintenanceDue" }>,
  now: Date,
) =>
  rows
    .filter((row) => row.status === "overdue" || (trigger.includeDueSoon && row.status === "dueSoon"))
    .map((row): ConditionOccurrence => ({
      key: `service:${row.programId}:${row.serviceAt.getTime()}`,
      vehicleId: row.vehicleId,
      at: now,
      detail: `${row.programName} ${STATUS_WORDS[row.status as keyof typeof STATUS_WORDS]}`,
    }));

/** Loads once, on first use: a tenant's rules share one read of its active codes and one of its drivers' clocks. */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

/**
 * What a tenant's condition rules (CONDITION_TRIGGER_TYPES) see holding now, one rule at a time; the
 * active fault codes, the drivers' clocks, the vehicles' last trips and their maintenance are read at most once for all of them.
 */
export const conditionOccurrencesOf = ({ db, tenant, now }: { db: Executor; tenant: Tenant; now: Date }) => {
  const activeFaults = once(() =>
    db
      .select()
      .from(faultCodes)
      .where(and(whereTenant(faultCodes, tenant), isNull(faultCodes.clearedAt))),
  );
  const driverClocks = once(() => listDriverClocks({ db, ...tenant, at: now }));
  const trips = once(() => lastTrips(db, tenant, now));
  const maintenance = once(() => listVehicleMaintenance({ db, ...tenant, now }));
  return async ({ trigger, since }: { trigger: AlertTrigger; since: Date }): Promise<ConditionOccurrence[]> => {
    if (trigger.type === "faultCode") return faultOccurrences(await activeFaults(), trigger, since);
    if (trigger.type === "hosTimeLeft") return hosOccurrences(await driverClocks(), trigger, now);
    if (trigger.type === "missingDvir") return missingDvirOccurrences(await trips(), trigger, since, now);
    if (trigger.type === "maintenanceDue") return maintenanceOccurrences(await maintenance(), trigger, now);
    return [];
  };
};
