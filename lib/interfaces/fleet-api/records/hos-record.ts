import { z } from "zod";
import { DUTY_STATUSES } from "@/db/schema";
import type { DutyLogRow } from "@/lib/hos/records/load-duty-logs";
import type { DailyLog, HosClocks, HosViolation } from "@/lib/hos/rules";
import { idSchema, ref, refSchema, rfc3339, timestampSchema } from "./common";

const durationMs = z.number().int().min(0);

export const hosClockSchema = z
  .object({
    driver: refSchema,
    currentVehicle: refSchema.optional(),
    currentDutyStatus: z.object({ hosStatusType: z.enum(DUTY_STATUSES) }),
    clocks: z.object({
      break: z.object({ timeUntilBreakDurationMs: durationMs }),
      drive: z.object({ driveRemainingDurationMs: durationMs }),
      shift: z.object({ shiftRemainingDurationMs: durationMs }),
      cycle: z.object({
        cycleRemainingDurationMs: durationMs,
        cycleStartedAtTime: timestampSchema.optional(),
        cycleTomorrowDurationMs: durationMs,
      }),
    }),
  })
  .meta({ id: "HosClock" });

export const hosLogEntrySchema = z.object({
  logStartTime: timestampSchema,
  logEndTime: timestampSchema.optional().meta({ description: "Absent for the entry still in effect." }),
  hosStatusType: z.enum(DUTY_STATUSES),
  vehicle: z.object({ id: idSchema }).optional(),
  remark: z.string(),
  logRecordedLocation: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
});

export const hosLogsSchema = z.object({ driver: refSchema, hosLogs: z.array(hosLogEntrySchema) }).meta({ id: "HosLogs" });

export const hosDailyLogSchema = z
  .object({
    driver: refSchema,
    date: z.string().meta({ description: "Local date (YYYY-MM-DD) the driver's day starts on." }),
    startTime: timestampSchema,
    endTime: timestampSchema,
    dutyStatusDurations: z.object({
      activeDurationMs: durationMs,
      driveDurationMs: durationMs,
      offDutyDurationMs: durationMs,
      onDutyDurationMs: durationMs,
      sleeperBerthDurationMs: durationMs,
      personalConveyanceDurationMs: durationMs,
      yardMoveDurationMs: durationMs,
    }),
    distanceTraveled: z.object({ driveDistanceMeters: z.number().optional() }),
    vehicles: z.array(z.object({ id: idSchema })),
    cycle: z.object({ cycleUsedDurationMs: durationMs, cycleTomorrowDurationMs: durationMs }),
  })
  .meta({ id: "HosDailyLog" });

/** Samsara's violation types; a `types` filter may name any of them (this service finds the four of VIOLATION_TYPES). */
export const SAMSARA_VIOLATION_TYPES = [
  "NONE",
  "californiaMealbreakMissed",
  "cycleHoursOn",
  "cycleOffHoursAfterOnDutyHours",
  "dailyDrivingHours",
  "dailyOffDutyDeferralAddToDay2Consecutive",
  "dailyOffDutyDeferralNotPartMandatory",
  "dailyOffDutyDeferralTwoDayDrivingLimit",
  "dailyOffDutyDeferralTwoDayOffDuty",
  "dailyOffDutyNonResetHours",
  "dailyOffDutyTotalHours",
  "dailyOnDutyHours",
  "mandatory24HoursOffDuty",
  "restbreakMissed",
  "shiftDrivingHours",
  "shiftHours",
  "shiftOnDutyHours",
  "unsubmittedLogs",
] as const;
export const VIOLATION_TYPES = ["shiftDrivingHours", "shiftHours", "restbreakMissed", "cycleHoursOn"] as const;

export const hosViolationSchema = z
  .object({
    driver: refSchema,
    type: z.enum(VIOLATION_TYPES),
    violationStartTime: timestampSchema,
    durationMs,
    description: z.string(),
    day: z.object({ startTime: timestampSchema, endTime: timestampSchema }).meta({ description: "The driver's log day the violation started in." }),
  })
  .meta({ id: "HosViolation" });

/** One driver's violations, Samsara's grouping (`data[].violations[]`). */
export const hosDriverViolationsSchema = z.object({ driver: refSchema, violations: z.array(hosViolationSchema) }).meta({ id: "HosDriverViolations" });

export type HosClockRecord = z.infer<typeof hosClockSchema>;
export type HosLogsRecord = z.infer<typeof hosLogsSchema>;
export type HosDailyLogRecord = z.infer<typeof hosDailyLogSchema>;
export type HosDriverViolationsRecord = z.infer<typeof hosDriverViolationsSchema>;

type NamedRef = { id: number; name: string };

/** One driver's clocks now, in Samsara's shape. */
export const presentHosClock = ({ driver, vehicle, clocks }: { driver: NamedRef; vehicle?: NamedRef; clocks: HosClocks }): HosClockRecord => ({
  driver: ref(driver),
  ...(vehicle ? { currentVehicle: ref(vehicle) } : {}),
  currentDutyStatus: { hosStatusType: clocks.currentStatus },
  clocks: {
    break: { timeUntilBreakDurationMs: clocks.timeUntilBreakMs },
    drive: { driveRemainingDurationMs: clocks.driveRemainingMs },
    shift: { shiftRemainingDurationMs: clocks.shiftRemainingMs },
    cycle: {
      cycleRemainingDurationMs: clocks.cycleRemainingMs,
      ...(clocks.cycleStartedAt ? { cycleStartedAtTime: rfc3339(clocks.cycleStartedAt) } : {}),
      cycleTomorrowDurationMs: clocks.cycleTomorrowMs,
    },
  },
});

/** One driver's duty-status entries; each ends where the next starts (the last one is still in effect). */
export const presentHosLogs = (driver: NamedRef, entries: readonly DutyLogRow[]): HosLogsRecord => ({
  driver: ref(driver),
  hosLogs: entries.map((entry, index) => ({
    logStartTime: rfc3339(entry.startTime),
    ...(entries[index + 1] ? { logEndTime: rfc3339(entries[index + 1].startTime) } : {}),
    hosStatusType: entry.status,
    ...(entry.vehicleId ? { vehicle: { id: entry.vehicleId } } : {}),
    remark: entry.remark,
    ...(entry.latitude !== null && entry.longitude !== null ? { logRecordedLocation: { latitude: entry.latitude, longitude: entry.longitude } } : {}),
  })),
});

/** One driver's log day. */
export const presentHosDailyLog = (driver: NamedRef, day: DailyLog): HosDailyLogRecord => ({
  driver: ref(driver),
  date: day.date,
  startTime: rfc3339(day.startTime),
  endTime: rfc3339(day.endTime),
  dutyStatusDurations: {
    activeDurationMs: day.onDutyMs,
    driveDurationMs: day.durationsMs.driving,
    offDutyDurationMs: day.durationsMs.offDuty,
    onDutyDurationMs: day.durationsMs.onDuty,
    sleeperBerthDurationMs: day.durationsMs.sleeperBed,
    personalConveyanceDurationMs: day.durationsMs.personalConveyance,
    yardMoveDurationMs: day.durationsMs.yardMove,
  },
  distanceTraveled: day.distanceMeters === null ? {} : { driveDistanceMeters: day.distanceMeters },
  vehicles: day.vehicleIds.map((id) => ({ id })),
  cycle: { cycleUsedDurationMs: day.recap.cycleUsedMs, cycleTomorrowDurationMs: day.recap.availableTomorrowMs },
});

const VIOLATION_TEXT: Record<(typeof VIOLATION_TYPES)[number], string> = {
  shiftDrivingHours: "Drove past the 11-hour driving limit (49 CFR 395.3(a)(3)(i)).",
  shiftHours: "Drove after the 14-hour on-duty window (49 CFR 395.3(a)(2)).",
  restbreakMissed: "Drove more than 8 hours without a 30-minute break (49 CFR 395.3(a)(3)(ii)).",
  cycleHoursOn: "Drove past the 60/70-hour cycle limit (49 CFR 395.3(b)).",
};

/** One violation, with the bounds of the driver's log day it started in. */
export const presentHosViolation = (driver: NamedRef, violation: HosViolation, day: { startMs: number; endMs: number }) => ({
  driver: ref(driver),
  type: violation.type,
  violationStartTime: rfc3339(violation.startTime),
  durationMs: violation.durationMs,
  description: VIOLATION_TEXT[violation.type],
  day: { startTime: rfc3339(new Date(day.startMs)), endTime: rfc3339(new Date(day.endMs)) },
});
