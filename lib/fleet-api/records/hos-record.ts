import { z } from "zod";
import { DUTY_STATUSES } from "@/db/schema";
import { idSchema, refSchema, timestampSchema } from "./common";

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
  "NONE", "californiaMealbreakMissed", "cycleHoursOn", "cycleOffHoursAfterOnDutyHours", "dailyDrivingHours",
  "dailyOffDutyDeferralAddToDay2Consecutive", "dailyOffDutyDeferralNotPartMandatory", "dailyOffDutyDeferralTwoDayDrivingLimit",
  "dailyOffDutyDeferralTwoDayOffDuty", "dailyOffDutyNonResetHours", "dailyOffDutyTotalHours", "dailyOnDutyHours",
  "mandatory24HoursOffDuty", "restbreakMissed", "shiftDrivingHours", "shiftHours", "shiftOnDutyHours", "unsubmittedLogs",
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
export const hosDriverViolationsSchema = z
  .object({ driver: refSchema, violations: z.array(hosViolationSchema) })
  .meta({ id: "HosDriverViolations" });

export type HosClockRecord = z.infer<typeof hosClockSchema>;
export type HosLogsRecord = z.infer<typeof hosLogsSchema>;
export type HosDailyLogRecord = z.infer<typeof hosDailyLogSchema>;
export type HosDriverViolationsRecord = z.infer<typeof hosDriverViolationsSchema>;
