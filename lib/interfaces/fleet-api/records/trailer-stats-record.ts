import { z } from "zod";
import type { VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { METERS_PER_SECOND_TO_MPH } from "@/lib/platform/geo/distance";
import { idSchema, readingSchema, rfc3339 } from "./common";
import { presentLocationPoint } from "./location-record";
import type { PositionSample, StatsSample } from "./stats-record";

/**
 * Samsara's trailer stat types. A tracker on a trailer reports its position and odometer: `gps` and
 * `gpsOdometerMeters` are served; the reefer types are accepted (Samsara's clients ask for them) and
 * have no reading (none of the trackers we speak reports a reefer), as a trailer without a reefer has none.
 */
export const TRAILER_STAT_TYPES = [
  "gps",
  "gpsOdometerMeters",
  "reeferAmbientAirTemperatureMilliC",
  "reeferObdEngineSeconds",
  "reeferSupplyAirTemperatureMilliCZone1",
  "reeferSupplyAirTemperatureMilliCZone2",
  "reeferSupplyAirTemperatureMilliCZone3",
  "reeferFuelPercent",
  "carrierReeferState",
  "reeferStateZone1",
  "reeferStateZone2",
  "reeferStateZone3",
  "reeferRunMode",
  "reeferAlarms",
  "reeferReturnAirTemperatureMilliCZone1",
  "reeferReturnAirTemperatureMilliCZone2",
  "reeferReturnAirTemperatureMilliCZone3",
  "reeferSetPointTemperatureMilliCZone1",
  "reeferSetPointTemperatureMilliCZone2",
  "reeferSetPointTemperatureMilliCZone3",
  "reeferDoorStateZone1",
  "reeferDoorStateZone2",
  "reeferDoorStateZone3",
] as const;
export type TrailerStatType = (typeof TRAILER_STAT_TYPES)[number];

export const trailerGpsSchema = z
  .object({
    time: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    headingDegrees: z.number(),
    speedMilesPerHour: z.number(),
    reverseGeo: z.object({ formattedLocation: z.string() }),
  })
  .meta({ id: "TrailerGpsReading" });

const odometerReading = readingSchema(z.number());

export const trailerStatsSchema = z
  .object({ id: idSchema, name: z.string(), gps: trailerGpsSchema.optional(), gpsOdometerMeters: odometerReading.optional() })
  .meta({ id: "TrailerStats" });

export const trailerStatsSeriesSchema = z
  .object({ id: idSchema, name: z.string(), gps: z.array(trailerGpsSchema).optional(), gpsOdometerMeters: z.array(odometerReading).optional() })
  .meta({ id: "TrailerStatsSeries" });

type TrailerGps = z.infer<typeof trailerGpsSchema>;
type TrailerStats = z.infer<typeof trailerStatsSchema>;
type TrailerStatsSeries = z.infer<typeof trailerStatsSeriesSchema>;

const presentTrailerGps = (fix: PositionSample | Omit<PositionSample, "vehicleId">): TrailerGps => {
  const { time, latitude, longitude, heading, speed, reverseGeo } = presentLocationPoint(fix);
  return { time, latitude, longitude, headingDegrees: heading, speedMilesPerHour: Math.round(speed * METERS_PER_SECOND_TO_MPH * 10) / 10, reverseGeo };
};

/** A trailer's latest readings of the requested types; a type without a reading is left out. */
export const presentTrailerStats = ({ state, types }: { state: VehicleStateRow; types: readonly TrailerStatType[] }): TrailerStats => {
  const record: TrailerStats = { id: String(state.vehicleId), name: state.name };
  if (types.includes("gps") && state.locationTime && state.latitude !== null && state.longitude !== null)
    record.gps = presentTrailerGps({
      time: state.locationTime,
      latitude: state.latitude,
      longitude: state.longitude,
      heading: state.heading,
      speed: state.speed,
    });
  if (types.includes("gpsOdometerMeters") && state.statsTime && state.odometerMeters !== null)
    record.gpsOdometerMeters = { time: rfc3339(state.statsTime), value: Math.round(state.odometerMeters) };
  return record;
};

/** Per-trailer series (feed and history) in the order of `trailers`; samples and positions oldest first. */
export const presentTrailerStatsSeries = ({
  trailers,
  samples,
  positions,
  types,
}: {
  trailers: readonly { id: number; name: string }[];
  samples: readonly Pick<StatsSample, "vehicleId" | "time" | "odometerMeters">[];
  positions: readonly PositionSample[];
  types: readonly TrailerStatType[];
}): TrailerStatsSeries[] => {
  const byTrailer = new Map<number, TrailerStatsSeries>(
    trailers.map((trailer) => [
      trailer.id,
      {
        id: String(trailer.id),
        name: trailer.name,
        ...(types.includes("gps") ? { gps: [] } : {}),
        ...(types.includes("gpsOdometerMeters") ? { gpsOdometerMeters: [] } : {}),
      },
    ]),
  );
  for (const sample of samples) {
    const value = sample.odometerMeters;
    if (value !== null && value !== undefined)
      byTrailer.get(sample.vehicleId)?.gpsOdometerMeters?.push({ time: rfc3339(sample.time), value: Math.round(value) });
  }
  for (const position of positions) byTrailer.get(position.vehicleId)?.gps?.push(presentTrailerGps(position));
  return trailers.map((trailer) => byTrailer.get(trailer.id)!);
};
