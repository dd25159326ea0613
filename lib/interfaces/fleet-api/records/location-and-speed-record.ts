import { z } from "zod";
import type { StreamedPosition } from "@/lib/telemetry/vehicle-history/stream-positions";
import { externalIdsSchema, idSchema, rfc3339 } from "./common";

export const locationAndSpeedSchema = z
  .object({
    asset: z
      .object({ id: idSchema, externalIds: externalIdsSchema.optional() })
      .meta({ description: "The vehicle (trailers and equipment do not exist in this service)." }),
    happenedAtTime: z.string(),
    location: z.object({
      latitude: z.number(),
      longitude: z.number(),
      headingDegrees: z.number(),
      accuracyMeters: z.number().optional().meta({ description: "Radial accuracy in meters, when the device reported one." }),
    }),
    speed: z
      .object({
        gpsSpeedMetersPerSecond: z.number(),
        ecuSpeedMetersPerSecond: z.number().optional().meta({ description: "When a stat sample of the same instant carries the ECU's speed." }),
      })
      .optional()
      .meta({ description: "With includeSpeed=true only." }),
  })
  .meta({ id: "LocationAndSpeed", description: "Samsara's location-and-speed record: one position of a vehicle." });

export type LocationAndSpeedRecord = z.output<typeof locationAndSpeedSchema>;

export const presentLocationAndSpeed = (
  position: StreamedPosition,
  { includeSpeed, externalIds }: { includeSpeed: boolean; externalIds?: Record<string, string> },
): LocationAndSpeedRecord => ({
  asset: { id: String(position.vehicleId), ...(externalIds ? { externalIds } : {}) },
  happenedAtTime: rfc3339(position.time),
  location: {
    latitude: position.latitude,
    longitude: position.longitude,
    headingDegrees: position.heading,
    ...(position.accuracy === null ? {} : { accuracyMeters: position.accuracy }),
  },
  ...(includeSpeed
    ? { speed: { gpsSpeedMetersPerSecond: position.speed, ...(position.ecuSpeed === null ? {} : { ecuSpeedMetersPerSecond: position.ecuSpeed }) } }
    : {}),
});
