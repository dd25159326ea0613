import { z } from "zod";
import { pageSchema } from "./pagination";
import { driverResponseSchema, driverSchema } from "./records/driver-record";
import { hosDriverEldEventsSchema } from "./records/eld-event-record";
import { hosClockSchema, hosDailyLogSchema, hosDriverViolationsSchema, hosLogsSchema } from "./records/hos-record";
import { vehicleLocationSchema, vehicleLocationsSchema } from "./records/location-record";
import { vehicleStatsSchema, vehicleStatsSeriesSchema } from "./records/stats-record";
import { vehicleSchema } from "./records/vehicle-record";

/** The current version's response body of each /fleet endpoint (OpenAPI and the tests use these). */
export const FLEET_RESPONSES = {
  vehicles: pageSchema(vehicleSchema, "VehiclesPage"),
  vehicle: z.object({ data: vehicleSchema }).meta({ id: "VehicleResponse" }),
  locations: pageSchema(vehicleLocationSchema, "VehicleLocationsPage"),
  locationSeries: pageSchema(vehicleLocationsSchema, "VehicleLocationSeriesPage"),
  stats: pageSchema(vehicleStatsSchema, "VehicleStatsPage"),
  statsSeries: pageSchema(vehicleStatsSeriesSchema, "VehicleStatsSeriesPage"),
  drivers: pageSchema(driverSchema, "DriversPage"),
  driver: driverResponseSchema,
  hosClocks: pageSchema(hosClockSchema, "HosClocksPage"),
  hosLogs: pageSchema(hosLogsSchema, "HosLogsPage"),
  hosDailyLogs: pageSchema(hosDailyLogSchema, "HosDailyLogsPage"),
  hosViolations: pageSchema(hosDriverViolationsSchema, "HosViolationsPage"),
  hosEldEvents: pageSchema(hosDriverEldEventsSchema, "HosEldEventsPage"),
} as const;
