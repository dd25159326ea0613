import { z } from "zod";
import { describeLocation } from "@/lib/telemetry/vehicle-state/describe-location";
import { idSchema, rfc3339, timestampSchema } from "./common";

export const locationPointSchema = z
  .object({
    time: timestampSchema,
    latitude: z.number(),
    longitude: z.number(),
    heading: z.number().meta({ description: "Degrees clockwise from true north." }),
    speed: z.number().meta({ description: "Meters per second (speedMilesPerHour, in mph, under 2023-06-01)." }),
    reverseGeo: z.object({ formattedLocation: z.string() }),
  })
  .meta({ id: "LocationPoint" });

export type LocationPoint = z.infer<typeof locationPointSchema>;

export const vehicleLocationSchema = z.object({ id: idSchema, name: z.string(), location: locationPointSchema }).meta({ id: "VehicleLocation" });
export const vehicleLocationsSchema = z
  .object({ id: idSchema, name: z.string(), locations: z.array(locationPointSchema) })
  .meta({ id: "VehicleLocations", description: "One vehicle's locations, oldest first (feed and history)." });

export type VehicleLocationRecord = z.infer<typeof vehicleLocationSchema>;
export type VehicleLocationSeriesRecord = z.infer<typeof vehicleLocationsSchema>;

export const presentLocationPoint = (point: {
  time: Date;
  latitude: number;
  longitude: number;
  heading: number | null;
  speed: number | null;
}): LocationPoint => ({
  time: rfc3339(point.time),
  latitude: point.latitude,
  longitude: point.longitude,
  heading: point.heading ?? 0,
  speed: point.speed ?? 0,
  reverseGeo: { formattedLocation: describeLocation(point.latitude, point.longitude) },
});
