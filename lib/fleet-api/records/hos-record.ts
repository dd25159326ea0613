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

export const hosViolationSchema = z
  .object({
    driver: refSchema,
    type: z.enum(["shiftDrivingHours", "shiftHours", "restbreakMissed", "cycleHoursOn"]),
    violationStartTime: timestampSchema,
    durationMs,
    description: z.string(),
  })
  .meta({ id: "HosViolation" });

export type HosClockRecord = z.infer<typeof hosClockSchema>;
export type HosLogsRecord = z.infer<typeof hosLogsSchema>;
export type HosDailyLogRecord = z.infer<typeof hosDailyLogSchema>;
export type HosViolationRecord = z.infer<typeof hosViolationSchema>;
