import { z } from "zod";
import { ACTIVATION_STATUSES } from "@/db/schema";
import { paginationQuery } from "./pagination";
import { SAMSARA_VIOLATION_TYPES } from "./records/hos-record";
import { STAT_TYPE_NAMES } from "./records/stats-record";

/** A record's id as Samsara's clients send it: a string of digits. */
export const numericId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `a numeric ${what} id`)
    .transform(Number);

export const idList = (what: string) =>
  z
    .array(z.string().regex(/^\d{1,9}$/, `a ${what} id`))
    .max(512)
    .transform((ids) => ids.map(Number))
    .optional()
    .meta({ description: `Only these ${what}s (ids; repeated or comma-separated).` });

const timeRange = {
  startTime: z.string().meta({ description: "RFC 3339 start (inclusive). Required." }),
  endTime: z.string().meta({ description: "RFC 3339 end (exclusive), at most 35 days after startTime. Required." }),
};

const optionalTimeRange = { startTime: timeRange.startTime.optional(), endTime: timeRange.endTime.optional() };

const bucketSeconds = z.coerce
  .number()
  .int()
  .min(1)
  .max(35 * 86_400)
  .optional()
  .meta({ description: "Bucket width in seconds; default: the smallest that keeps each vehicle's series at or below 1,000 points." });

const types = z
  .array(z.enum(STAT_TYPE_NAMES))
  .min(1, "give at least one stat type")
  .meta({ description: `Stat types, comma-separated: ${STAT_TYPE_NAMES.join(", ")}. Required.` });

/** Query parameters that are lists (repeated, comma-separated or indexed). */
export const LIST_PARAMS = ["vehicleIds", "driverIds", "types", "tagIds", "parentTagIds"] as const;

/**
 * Samsara's tag filters, on every endpoint that documents them; the endpoint's `tagFilter`
 * (defineFleetEndpoint) applies them. Another company's tag ids, or unknown ones, match nothing.
 */
export const tagFilterQuery = {
  tagIds: idList("tag").meta({
    description:
      "Only records carrying one of these tags or any tag below them in the tag tree (ids; comma-separated or repeated). Unknown tag ids match nothing.",
  }),
  parentTagIds: idList("tag").meta({
    description: "Only records carrying one of these tags or any tag below them in the tag tree (as tagIds). With tagIds: records matching either.",
  }),
};

/** The snapshot and feed endpoints' query: vehicles by id and by tag. */
export const vehiclesQuerySchema = z.object({ ...paginationQuery, vehicleIds: idList("vehicle"), ...tagFilterQuery });
export const locationsHistoryQuerySchema = z.object({ ...paginationQuery, vehicleIds: idList("vehicle"), ...tagFilterQuery, ...timeRange, bucketSeconds });
export const statsQuerySchema = z.object({ ...paginationQuery, vehicleIds: idList("vehicle"), ...tagFilterQuery, types });
export const statsHistoryQuerySchema = z.object({ ...paginationQuery, vehicleIds: idList("vehicle"), ...tagFilterQuery, types, ...timeRange, bucketSeconds });
export const driversQuerySchema = z.object({
  ...paginationQuery,
  driverIds: idList("driver"),
  ...tagFilterQuery,
  driverActivationStatus: z.enum(ACTIVATION_STATUSES).default("active").meta({ description: "Default active." }),
});
export const hosClocksQuerySchema = z.object({ ...paginationQuery, driverIds: idList("driver"), ...tagFilterQuery });
export const hosRangeQuerySchema = z.object({ ...paginationQuery, driverIds: idList("driver"), ...tagFilterQuery, ...optionalTimeRange });

/** Samsara's ELD events query: pages of at most 25 drivers (its default and maximum), active ones unless asked otherwise. */
export const hosEldEventsQuerySchema = hosRangeQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(25).default(25).meta({ description: "Drivers per page, 1 to 25 (default 25)." }),
  driverActivationStatus: z.enum(ACTIVATION_STATUSES).default("active").meta({ description: "Default active." }),
});

const localDate = (description: string) => z.iso.date().optional().meta({ description });

/** Daily logs also take Samsara's local dates (`startDate`/`endDate`, inclusive), which its SDK sends. */
export const hosDailyLogsQuerySchema = hosRangeQuerySchema.extend({
  startDate: localDate("First day (YYYY-MM-DD, the driver's local date); with endDate, instead of startTime/endTime."),
  endDate: localDate("Last day (YYYY-MM-DD), inclusive, at most 35 days after startDate."),
});

export const hosViolationsQuerySchema = hosRangeQuerySchema.extend({
  types: z
    .array(z.enum(SAMSARA_VIOLATION_TYPES))
    .optional()
    .meta({ description: "Only these violation types (Samsara's names; comma-separated, repeated or indexed)." }),
});

export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "a numeric id")
    .transform(Number),
});

export type VehiclesQuery = z.output<typeof vehiclesQuerySchema>;
export type LocationsHistoryQuery = z.output<typeof locationsHistoryQuerySchema>;
export type StatsQuery = z.output<typeof statsQuerySchema>;
export type StatsHistoryQuery = z.output<typeof statsHistoryQuerySchema>;
export type DriversQuery = z.output<typeof driversQuerySchema>;
export type HosClocksQuery = z.output<typeof hosClocksQuerySchema>;
export type HosRangeQuery = z.output<typeof hosRangeQuerySchema>;
export type HosEldEventsQuery = z.output<typeof hosEldEventsQuerySchema>;
export type HosDailyLogsQuery = z.output<typeof hosDailyLogsQuerySchema>;
export type HosViolationsQuery = z.output<typeof hosViolationsQuerySchema>;
