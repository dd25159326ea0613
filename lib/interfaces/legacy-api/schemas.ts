import { z } from "zod";

/**
 * The legacy records exactly as partners receive them (interface.md 2.1–2.7), field for field,
 * misspelt `statusDesctiption` included. The tests check real responses against these, and they
 * describe the legacy paths in the OpenAPI document.
 */
const isoUtc = z.iso.datetime({ offset: false }).meta({ description: "ISO 8601 UTC timestamp" });
const integer = z.number().int();

export const legacyAssetPositionSchema = z
  .object({
    vin: z.string(),
    utcTimestamp: isoUtc,
    latitude: z.number(),
    longitude: z.number(),
    name: z.string().optional().meta({ description: "Only with additionalInfo=true" }),
    plateNumber: z.string().optional(),
    trailers: z.string().optional(),
    odometer: z.number().optional().meta({ description: "Kilometres" }),
  })
  .strict()
  .meta({ id: "LegacyAssetPosition" });

export const legacyAssetWithTimersSchema = z
  .object({
    vin: z.string(),
    utcTimestamp: isoUtc,
    latitude: z.number(),
    longitude: z.number(),
    odometer: z.number(),
    ignition: z.boolean(),
    engineHH: z.number(),
    fuel: z.number(),
    name: z.string(),
    plateNumber: z.string(),
    trailers: z.string(),
    driverName: z.string(),
    driverSurname: z.string(),
    rpm: integer,
    statusAbbreviation: z.string(),
    statusDesctiption: z.string(),
    minsTillBreak: integer,
    minsTillDriving: integer,
    minsTillShift: integer,
    minsTillCycle: integer,
    hosUtcTimestamp: isoUtc,
  })
  .strict()
  .meta({ id: "LegacyAssetWithTimers" });

export const legacyLocationPointSchema = z
  .object({ utcTimestamp: isoUtc, latitude: z.number(), longitude: z.number() })
  .strict()
  .meta({ id: "LegacyLocationPoint" });

export const legacyGpsPointSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    distance: z.number(),
    speed: z.number(),
    direction: integer,
    hdop: z.number(),
    satellites: integer,
    utcTimestamp: isoUtc,
  })
  .strict()
  .meta({ id: "LegacyGpsPoint" });

export const legacyAssetStateSchema = z
  .object({
    assetId: integer,
    name: z.string(),
    plateNumber: z.string(),
    vin: z.string(),
    driverId: z.string(),
    currentLocation: z
      .object({ latitude: z.number(), longitude: z.number() })
      .strict()
      .nullable()
      .meta({ description: "null for a vehicle that has never reported a position" }),
    type: z.object({ id: integer, name: z.string() }).strict(),
    subType: z.string().nullable(),
    gps: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        newDistance: z.number(),
        speed: z.number(),
        direction: z.number(),
        hdop: z.number(),
        satellites: integer,
      })
      .strict()
      .nullable(),
    can: z.object({ totalDistance: z.number(), rpm: z.number(), fuelTank1: z.number(), engineHours: z.number(), vehicleSpeed: z.number() }).strict().nullable(),
    address: z.string(),
  })
  .strict()
  .meta({ id: "LegacyAssetState" });

export const fuelStopProposalBodySchema = z
  .object({
    fuelStopsProposalsPerAsset: z
      .array(
        z.object({
          assetId: integer.positive(),
          proposedFuelStops: z
            .array(
              z.object({
                name: z.string().trim().min(1).max(200),
                address: z.string().max(500),
                fuelPrices: z.array(z.object({ diesel: z.number().nonnegative(), discount: z.number() })).max(50),
              }),
            )
            .max(100),
        }),
      )
      .min(1)
      .max(1000),
  })
  .meta({ id: "LegacyFuelStopProposal" });

export const driverProposedStopBodySchema = z
  .object({
    assetId: integer.positive(),
    // Legacy driver ids travel as strings (2.5 `driverId`); numbers are accepted too.
    driverId: z.union([integer.positive(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
    name: z.string().trim().min(1).max(200),
    address: z.string().max(500).optional(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    note: z.string().max(2000).optional(),
  })
  .meta({ id: "LegacyDriverProposedFuelStop" });

export const legacyWasteJobSchema = z
  .object({
    jobId: integer,
    companyId: integer,
    scheduledDate: isoUtc,
    serviceType: z.string(),
    status: z.string(),
    pickUpClientName: z.string().optional().meta({ description: "Left out with short=true" }),
    pickUpAddress: z.string().optional().meta({ description: "Left out with short=true" }),
    assignedToAssetId: integer.nullable().meta({ description: "null while unassigned" }),
    assignedToAssetName: z.string().nullable().optional().meta({ description: "Left out with short=true; null while unassigned" }),
    assignedToDriverName: z.string().nullable().optional().meta({ description: "Left out with short=true; null while unassigned" }),
    tonnage: z.number(),
    utcCreated: isoUtc,
  })
  .strict()
  .meta({ id: "LegacyWasteJob" });

export const legacyWasteJobListSchema = z
  .object({ jobs: z.array(legacyWasteJobSchema), count: integer })
  .strict()
  .meta({ id: "LegacyWasteJobList" });

export const legacyAuthResponseSchema = z.object({ userId: z.null(), token: z.string() }).strict().meta({ id: "LegacyAuthToken" });
