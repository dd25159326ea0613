import { z } from "zod";
import { isSelfIntersecting, MAX_RADIUS_METERS, MAX_VERTICES, MIN_VERTICES } from "./place-geometry";

/** Samsara's address types (reporting location kinds); kept and returned, not interpreted. */
export const ADDRESS_TYPES = [
  "yard",
  "shortHaul",
  "workforceSite",
  "riskZone",
  "industrialSite",
  "alertsOnly",
  "agricultureSource",
  "avoidanceZone",
  "knownGPSJammingZone",
  "authorizedZone",
  "unauthorizedZone",
  "vendor",
  "inventory",
] as const;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const vertexSchema = z.object({ latitude, longitude });

const circleSchema = z.object({
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  radiusMeters: z.number().gt(0, "must be more than 0 meters").max(MAX_RADIUS_METERS, `must be at most ${MAX_RADIUS_METERS} meters`),
});

const polygonSchema = z.object({
  vertices: z
    .array(vertexSchema)
    .min(MIN_VERTICES, `a polygon needs at least ${MIN_VERTICES} vertices`)
    .max(MAX_VERTICES, `a polygon has at most ${MAX_VERTICES} vertices`)
    .refine((vertices) => !isSelfIntersecting(vertices), "the polygon's edges cross each other"),
});

/** Samsara's geofence: a circle or a polygon, exactly one. */
export const geofenceSchema = z
  .object({ circle: circleSchema.optional(), polygon: polygonSchema.optional(), settings: z.object({ showAddresses: z.boolean().optional() }).optional() })
  .refine((geofence) => (geofence.circle === undefined) !== (geofence.polygon === undefined), "give either a circle or a polygon");

const fields = {
  name: z.string().trim().min(1).max(255),
  formattedAddress: z.string().trim().min(1).max(1_024),
  geofence: geofenceSchema,
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  notes: z.string().max(4_096).optional(),
  addressTypes: z.array(z.enum(ADDRESS_TYPES)).max(ADDRESS_TYPES.length).optional(),
  externalIds: z.record(z.string().min(1).max(32), z.string().min(1).max(255)).optional(),
  tagIds: z
    .array(z.string().regex(/^\d{1,9}$/, "a numeric tag id"))
    .max(100)
    .optional(),
  contactIds: z.array(z.string()).max(0, "contacts are not kept by this service").optional(),
};

/** A circle needs a centre: its own or the address's latitude/longitude (this service does not geocode). */
const circleHasCentre = (input: { geofence?: z.output<typeof geofenceSchema>; latitude?: number; longitude?: number }, context: z.RefinementCtx) => {
  const circle = input.geofence?.circle;
  if (circle && (circle.latitude ?? input.latitude) === undefined)
    context.addIssue({
      code: "custom",
      path: ["geofence", "circle", "latitude"],
      message: "a circle needs latitude and longitude (this service does not geocode)",
    });
  if (circle && (circle.longitude ?? input.longitude) === undefined)
    context.addIssue({
      code: "custom",
      path: ["geofence", "circle", "longitude"],
      message: "a circle needs latitude and longitude (this service does not geocode)",
    });
};

/** POST /addresses (strict: a misspelt field is a 400 naming it). */
export const createPlaceSchema = z.object(fields).strict().superRefine(circleHasCentre);
/** PATCH /addresses/{id}: any of the fields. */
export const updatePlaceSchema = z.object(fields).partial().strict().superRefine(circleHasCentre);

export type PlaceInput = z.output<typeof createPlaceSchema>;
