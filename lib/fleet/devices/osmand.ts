import { z } from "zod";
import type { Database, Executor } from "@/db/client";
import { findRegisteredDevice, type DeviceVehicle, type RegisteredDevice } from "./device-bindings";
import { recordLastMessages } from "./last-messages";
import { recordUnclaimedDevice } from "./unclaimed-devices";
import { AppError } from "@/lib/platform/errors";
import { parseWith } from "@/lib/platform/http/search-params";
import { ingestTelemetry, type PositionReport, type TelemetryBatch } from "@/lib/telemetry/store";
import { osmandStatParamsSchema, osmandStatReadings } from "./osmand-stats";

/** 1 knot = 1852 m per hour: the OsmAnd protocol reports speed in knots. */
export const METERS_PER_SECOND_PER_KNOT = 1852 / 3600;

const optionalNumber = z.preprocess((value) => (value === "" || value === undefined ? undefined : Number(value)), z.number().finite().optional());

const coordinate = (limit: number, description: string) =>
  z.preprocess((value) => (value === "" ? undefined : Number(value)), z.number().finite().min(-limit).max(limit).optional()).meta({ description });

/**
 * The OsmAnd parameters (query string, form or JSON body); numbers arrive as text. Every spelling
 * Traccar's OsmAnd decoder reads: `deviceid` for `id`, `location=lat,lon` for `lat` and `lon`,
 * `heading` for `bearing`, `valid`; and the vehicle values of osmand-stats.ts. A request without a
 * fix is stored when it carries a vehicle value (Traccar keeps the last fix for it).
 */
export const osmandParamsSchema = z
  .object({
    id: z.string().trim().min(1, "is required").max(200).meta({ description: "The vehicle's device id (also accepted as `deviceid`)." }),
    lat: coordinate(90, "Latitude, degrees (or `location=lat,lon`)."),
    lon: coordinate(180, "Longitude, degrees (or `location=lat,lon`)."),
    timestamp: z.string().optional().meta({ description: "Epoch seconds, epoch milliseconds, ISO 8601 or `yyyy-MM-dd HH:mm:ss` (UTC); missing means now." }),
    valid: z
      .enum(["true", "false", "1", "0"])
      .optional()
      .meta({ description: "`false` or `0`: the fix is not valid (not stored as a position; the vehicle values are)." }),
    speed: optionalNumber.meta({ description: "Knots." }),
    bearing: optionalNumber.meta({ description: "Degrees from north (also accepted as `heading`)." }),
    altitude: optionalNumber.meta({ description: "Meters." }),
    accuracy: optionalNumber.meta({ description: "Meters." }),
    hdop: optionalNumber,
    batt: optionalNumber.meta({ description: "Battery level, percent." }),
    ...osmandStatParamsSchema.shape,
  })
  .superRefine((point, context) => {
    const missing = (["lat", "lon"] as const).filter((key) => point[key] === undefined);
    // Without a whole fix the request must carry a vehicle value, else it says nothing.
    if (missing.length === 0 || osmandStatReadings(point, undefined) !== null) return;
    for (const key of missing) context.addIssue({ code: "custom", path: [key], message: "is required (or `location=lat,lon`)." });
  });

/** The spellings other Traccar Client versions and OsmAnd apps send, as the schema's names. */
const canonicalParams = (params: OsmandParams): OsmandParams => {
  const [locationLat, locationLon] = params.location?.split(",") ?? [];
  return {
    ...params,
    id: params.id ?? params.deviceid,
    ...(params.lat === undefined && locationLat !== undefined ? { lat: locationLat.trim() } : {}),
    ...(params.lon === undefined && locationLon !== undefined ? { lon: locationLon.trim() } : {}),
    ...(params.bearing === undefined && params.heading !== undefined ? { bearing: params.heading } : {}),
  };
};

export type OsmandParams = Record<string, string>;

/** What the Devices page calls a request: "OsmAnd", or the `location=lat,lon` form some versions send. */
const osmandMessageKind = (params: OsmandParams) => (params.lat === undefined && params.location !== undefined ? "OsmAnd location=" : "OsmAnd");

/** A phone may post every second: its device row is rewritten at most this often. */
const LAST_MESSAGE_RESOLUTION_MS = 5_000;

/** Epoch seconds, epoch milliseconds, ISO 8601, or `yyyy-MM-dd HH:mm:ss` (read as UTC); a missing timestamp means "now". */
const parseDeviceTime = (text: string | undefined, now: Date) => {
  if (text === undefined || text.trim() === "") return now;
  const trimmed = text.trim();
  const numeric = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  const plain = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(trimmed) ? `${trimmed.replace(" ", "T")}Z` : trimmed;
  const time = Number.isFinite(numeric) ? new Date(numeric > 1e11 ? numeric : numeric * 1000) : new Date(plain);
  if (Number.isNaN(time.getTime())) throw new AppError("bad_request", `Invalid value for "timestamp": expected epoch seconds, milliseconds or ISO 8601.`);
  return time;
};

/** An OsmAnd request read: the device that sent it, what the Devices page calls it, and its point in the stored units. */
export type OsmandReport = {
  identifier: string;
  kind: string;
  time: Date;
  position: Omit<PositionReport, keyof DeviceVehicle | "time"> | null;
  readings: ReturnType<typeof osmandStatReadings>;
};

/** Reads an OsmAnd request's parameters (any spelling Traccar reads); a bad one is a 400 naming it. `now` stands for a missing timestamp. */
export const readOsmandReport = ({ params, now }: { params: OsmandParams; now: Date }): OsmandReport => {
  const point = parseWith(osmandParamsSchema, canonicalParams(params), "OsmAnd parameters");
  const valid = point.valid !== "false" && point.valid !== "0";
  const fix = point.lat !== undefined && point.lon !== undefined && valid ? { latitude: point.lat, longitude: point.lon } : null;
  const speedKmh = point.speed === undefined ? undefined : (point.speed * 1852) / 1000;
  return {
    identifier: point.id,
    kind: osmandMessageKind(params),
    time: parseDeviceTime(point.timestamp, now),
    position: fix && {
      ...fix,
      speed: point.speed === undefined ? null : point.speed * METERS_PER_SECOND_PER_KNOT,
      heading: point.bearing === undefined ? null : ((point.bearing % 360) + 360) % 360,
      altitude: point.altitude ?? null,
      accuracy: point.accuracy ?? null,
      hdop: point.hdop ?? null,
      battery: point.batt ?? null,
    },
    readings: osmandStatReadings(point, fix ? speedKmh : undefined),
  };
};

/**
 * The vehicle an OsmAnd device id reports for. An identifier registered nowhere is listed as unclaimed (and refused,
 * 400); so is, without the listing, a registered device bound to no vehicle.
 */
export const findOsmandVehicle = async ({
  db,
  identifier,
  remoteAddress,
  now,
  findDevice = (deviceId) => findRegisteredDevice({ db, deviceId }),
}: {
  db: Executor;
  identifier: string;
  remoteAddress: string;
  now: Date;
  /** How the identifier is looked up: the OsmAnd listener's lookups are batched with every tracker's. */
  findDevice?: (identifier: string) => Promise<RegisteredDevice | null>;
}) => {
  const vehicle = await findDevice(identifier);
  if (!vehicle) {
    await recordUnclaimedDevice({ db, identifier, protocol: "osmand", remoteAddress, now });
    throw new AppError("bad_request", `Unknown device "${identifier}": register it on the Devices page (it is listed there as unclaimed).`);
  }
  if (vehicle.vehicleId === null) throw new AppError("bad_request", `Device "${identifier}" is bound to no vehicle: bind it on the Devices page.`);
  return { ...vehicle, vehicleId: vehicle.vehicleId };
};

/** A report's position and stat sample for its vehicle. */
export const osmandTelemetry = ({ vehicle, report }: { vehicle: DeviceVehicle; report: OsmandReport }): TelemetryBatch => {
  const record = { companyId: vehicle.companyId, dataset: vehicle.dataset, vehicleId: vehicle.vehicleId, time: report.time };
  return {
    positions: report.position ? [{ ...record, ...report.position }] : [],
    stats: report.readings ? [{ ...record, ...report.readings }] : [],
  };
};

/**
 * Stores one point sent to `/ingest/osmand` by a tracker speaking the OsmAnd protocol (Traccar Client): `id` is a
 * registered device's identifier, and the point is stored for the vehicle it is bound to. Resolves only after the point
 * is committed. The OsmAnd listener (OSMAND_PORT) reads the same reports and writes them through the trackers' queue.
 */
export const ingestOsmandPoint = async ({
  db,
  params,
  remoteAddress,
  now = new Date(),
}: {
  db: Database;
  params: OsmandParams;
  remoteAddress: string;
  now?: Date;
}) => {
  const report = readOsmandReport({ params, now });
  const vehicle = await findOsmandVehicle({ db, identifier: report.identifier, remoteAddress, now });
  const result = await ingestTelemetry({ db, now, batch: osmandTelemetry({ vehicle, report }) });
  const lastMessage = { ...vehicle, identifier: report.identifier, protocol: "osmand" as const, kind: report.kind, at: now };
  await recordLastMessages({ db, messages: [lastMessage], resolutionMs: LAST_MESSAGE_RESOLUTION_MS });
  return { vehicleId: vehicle.vehicleId, duplicate: result.duplicates.positions + result.duplicates.stats > 0 };
};
