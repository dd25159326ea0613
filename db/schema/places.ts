import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export type PlaceVertex = { latitude: number; longitude: number };

/**
 * A place (Samsara's address with its geofence): a circle (`radius_meters` around latitude/longitude)
 * or a polygon (`vertices`). The bounding box is stored so the alert evaluator tests a point against
 * a place's exact shape only when the point is inside its box.
 */
export const places = pgTable(
  "places",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    formattedAddress: text("formatted_address").notNull(),
    notes: text("notes").notNull().default(""),
    /** The address's point: the circle's centre, or what the caller gave for a polygon (else its box's centre). */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    radiusMeters: doublePrecision("radius_meters"),
    /** Null for a circle. */
    vertices: jsonb("vertices").$type<PlaceVertex[]>(),
    minLatitude: doublePrecision("min_latitude").notNull(),
    maxLatitude: doublePrecision("max_latitude").notNull(),
    minLongitude: doublePrecision("min_longitude").notNull(),
    maxLongitude: doublePrecision("max_longitude").notNull(),
    addressTypes: text("address_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tagIds: integer("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("places_tenant_idx").on(t.companyId, t.dataset, t.id)],
);
