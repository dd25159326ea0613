import { z } from "zod";
import type { IdlingEventRow, SpeedingIntervalRow, TripRow } from "@/lib/processing/trips/list-activity";
import type { OpenTripRow } from "@/lib/processing/trips/list-open-trips";
import { rfc3339, timestampSchema } from "./common";

/** Samsara's address object from our reverse geocoder's "105 S State St, Chicago, IL" (coordinates alone: no address). */
const addressSchema = z
  .object({ streetNumber: z.string().optional(), street: z.string().optional(), city: z.string().optional(), state: z.string().optional() })
  .meta({ id: "TripAddress" });

export const toAddress = (text: string): z.output<typeof addressSchema> | undefined => {
  const match = /^(\d+) ([^,]+), ([^,]+), ([A-Z]{2})$/.exec(text);
  return match ? { streetNumber: match[1], street: match[2], city: match[3], state: match[4] } : undefined;
};

const locationSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    headingDegrees: z.number(),
    address: addressSchema.optional(),
    formattedAddress: z.string().meta({ description: "Extension: the address as one line." }),
  })
  .meta({ id: "TripLocation" });

const location = (latitude: number, longitude: number, address: string) => ({
  latitude,
  longitude,
  headingDegrees: 0,
  ...(toAddress(address) ? { address: toAddress(address) } : {}),
  formattedAddress: address,
});

const assetSchema = z
  .object({ id: z.string(), name: z.string().optional(), type: z.literal("vehicle").optional(), vin: z.string().optional() })
  .meta({ id: "TripAsset" });
export type AssetLookup = (vehicleId: number) => { name: string; vin: string } | undefined;
const asset = (vehicleId: number, lookup: AssetLookup | null) => {
  const found = lookup?.(vehicleId);
  return found ? { id: String(vehicleId), name: found.name, type: "vehicle" as const, vin: found.vin } : { id: String(vehicleId) };
};

export const tripSchema = z
  .object({
    id: z.string().optional().meta({ description: "Extension: the trip's id; a trip in progress has none yet." }),
    asset: assetSchema,
    completionStatus: z.enum(["inProgress", "completed"]),
    createdAtTime: timestampSchema.meta({ description: "When the trip was stored; a trip in progress: its start." }),
    updatedAtTime: timestampSchema.meta({
      description: "When the trip was last written; a trip in progress: when its state was last written (every 10 s while it goes on).",
    }),
    tripStartTime: timestampSchema,
    tripEndTime: timestampSchema.optional(),
    startLocation: locationSchema,
    endLocation: locationSchema.optional(),
    distanceMeters: z.number().meta({ description: "Extension: odometer difference where the vehicle reports one, else the GPS path." }),
    durationMs: z.number().int().meta({ description: "A trip in progress: so far, to its newest report (as distance, speeds and fuel)." }),
    maxSpeedMetersPerSecond: z.number(),
    averageSpeedMetersPerSecond: z.number(),
    fuelUsedPercent: z
      .number()
      .nullable()
      .meta({ description: "Extension: fuel level drops during the trip, percent of the tank; null without fuel reports." }),
    driver: z.object({ id: z.string() }).nullable(),
  })
  .meta({ id: "Trip" });

export type TripRecord = z.output<typeof tripSchema>;

export const presentTrip = (row: TripRow, lookup: AssetLookup | null): z.output<typeof tripSchema> => {
  const durationMs = row.endTime.getTime() - row.startTime.getTime();
  return {
    id: String(row.id),
    asset: asset(row.vehicleId, lookup),
    completionStatus: "completed",
    createdAtTime: rfc3339(row.createdAt),
    updatedAtTime: rfc3339(row.updatedAt),
    tripStartTime: rfc3339(row.startTime),
    tripEndTime: rfc3339(row.endTime),
    startLocation: location(row.startLatitude, row.startLongitude, row.startAddress),
    endLocation: location(row.endLatitude, row.endLongitude, row.endAddress),
    distanceMeters: Math.round(row.distanceMeters),
    durationMs,
    maxSpeedMetersPerSecond: row.maxSpeed,
    averageSpeedMetersPerSecond: durationMs > 0 ? row.distanceMeters / (durationMs / 1000) : 0,
    fuelUsedPercent: row.fuelUsedPercent,
    driver: row.driverId === null ? null : { id: String(row.driverId) },
  };
};

/** A trip under way: its start, no end; distance, duration, speeds and fuel so far. */
export const presentOpenTrip = (row: OpenTripRow, lookup: AssetLookup | null): TripRecord => {
  const durationMs = row.lastTime - row.startTime;
  return {
    asset: asset(row.vehicleId, lookup),
    completionStatus: "inProgress",
    createdAtTime: rfc3339(new Date(row.startTime)),
    updatedAtTime: rfc3339(row.updatedAt),
    tripStartTime: rfc3339(new Date(row.startTime)),
    startLocation: location(row.start.latitude, row.start.longitude, row.startAddress),
    distanceMeters: Math.round(row.distanceMeters),
    durationMs,
    maxSpeedMetersPerSecond: row.maxSpeedMps,
    averageSpeedMetersPerSecond: durationMs > 0 ? row.distanceMeters / (durationMs / 1000) : 0,
    fuelUsedPercent: row.fuelUsedPercent,
    driver: row.driverId === null ? null : { id: String(row.driverId) },
  };
};

const money = z.object({ amount: z.string(), currency: z.literal("usd") });

export const idlingEventSchema = z
  .object({
    eventUuid: z.string(),
    asset: z.object({ id: z.number().int() }),
    operator: z.object({ id: z.number().int() }).optional(),
    startTime: timestampSchema,
    durationMilliseconds: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
    formattedAddress: z.string().meta({ description: "Extension: the address as one line." }),
    ptoState: z.literal("inactive"),
    fuelConsumedMilliliters: z.number().meta({ description: "Always 0: the service knows fuel as a level (see fuelUsedPercent), not a volume." }),
    fuelUsedPercent: z.number().nullable().meta({ description: "Extension: fuel level drops while idling, percent of the tank." }),
    fuelCost: money,
    gaseousFuelConsumedGrams: z.number(),
    gaseousFuelCost: money,
  })
  .meta({ id: "IdlingEvent" });

const NO_COST = { amount: "0", currency: "usd" as const };

export const presentIdlingEvent = (row: IdlingEventRow): z.output<typeof idlingEventSchema> => ({
  eventUuid: row.eventUuid,
  asset: { id: row.vehicleId },
  ...(row.driverId === null ? {} : { operator: { id: row.driverId } }),
  startTime: rfc3339(row.startTime),
  durationMilliseconds: row.endTime.getTime() - row.startTime.getTime(),
  latitude: row.latitude,
  longitude: row.longitude,
  formattedAddress: row.address,
  ptoState: "inactive",
  fuelConsumedMilliliters: 0,
  fuelUsedPercent: row.fuelUsedPercent,
  fuelCost: NO_COST,
  gaseousFuelConsumedGrams: 0,
  gaseousFuelCost: NO_COST,
});

export const SEVERITY_LEVELS = ["light", "moderate", "heavy", "severe"] as const;

/** Samsara's severity from how far over the threshold the interval's top speed went: under 10 %, 20 %, 30 %, then severe. */
export const severityOf = (maxSpeed: number, threshold: number) =>
  SEVERITY_LEVELS[Math.min(3, Math.floor(((maxSpeed - threshold) / threshold) * 10))] ?? "light";

const KMH_PER_MPS = 3.6;

const speedingIntervalSchema = z.object({
  startTime: timestampSchema,
  endTime: timestampSchema,
  isDismissed: z.boolean(),
  location: locationSchema,
  maxSpeedKilometersPerHour: z.number(),
  postedSpeedLimitKilometersPerHour: z.number().meta({ description: "The company's speeding threshold when the interval was detected." }),
  severityLevel: z.enum(SEVERITY_LEVELS),
});

export const tripSpeedingIntervalsSchema = z
  .object({
    asset: assetSchema,
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
    tripStartTime: timestampSchema,
    driverId: z.string().optional(),
    intervals: z.array(speedingIntervalSchema),
  })
  .meta({ id: "TripSpeedingIntervals" });

const round1 = (value: number) => Math.round(value * 10) / 10;

export const presentSpeedingInterval = (row: SpeedingIntervalRow): z.output<typeof speedingIntervalSchema> => ({
  startTime: rfc3339(row.startTime),
  endTime: rfc3339(row.endTime),
  isDismissed: false,
  location: location(row.latitude, row.longitude, row.address),
  maxSpeedKilometersPerHour: round1(row.maxSpeed * KMH_PER_MPS),
  postedSpeedLimitKilometersPerHour: round1(row.thresholdSpeed * KMH_PER_MPS),
  severityLevel: severityOf(row.maxSpeed, row.thresholdSpeed),
});

/** A trip and its speeding intervals (Samsara groups them by trip; a trip without any has an empty list). */
export const presentTripSpeeding = ({
  trip,
  intervals,
  lookup,
  includeDriverId,
}: {
  trip: TripRow;
  intervals: SpeedingIntervalRow[];
  lookup: AssetLookup | null;
  includeDriverId: boolean;
}): z.output<typeof tripSpeedingIntervalsSchema> => ({
  asset: asset(trip.vehicleId, lookup),
  createdAtTime: rfc3339(trip.createdAt),
  updatedAtTime: rfc3339(trip.updatedAt),
  tripStartTime: rfc3339(trip.startTime),
  ...(includeDriverId && trip.driverId !== null ? { driverId: String(trip.driverId) } : {}),
  intervals: intervals.map(presentSpeedingInterval),
});
