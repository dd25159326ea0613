import { index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/**
 * A tag (Samsara's /tags): a named group of vehicles and drivers. Tags form trees through
 * `parent_tag_id` (same tenant, never a cycle: lib/fleet/tags checks before writing).
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    parentTagId: integer("parent_tag_id"),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("tags_tenant_idx").on(t.companyId, t.dataset, t.id),
    index("tags_parent_idx").on(t.companyId, t.parentTagId),
  ],
);

/** A vehicle carries a tag (the tag's and the vehicle's tenant are the same: lib/fleet/tags checks). */
export const tagVehicles = pgTable(
  "tag_vehicles",
  {
    companyId: integer("company_id").notNull(),
    tagId: integer("tag_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tagId, t.vehicleId] }), index("tag_vehicles_vehicle_idx").on(t.companyId, t.vehicleId)],
);

/** A driver carries a tag. */
export const tagDrivers = pgTable(
  "tag_drivers",
  {
    companyId: integer("company_id").notNull(),
    tagId: integer("tag_id").notNull(),
    driverId: integer("driver_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tagId, t.driverId] }), index("tag_drivers_driver_idx").on(t.companyId, t.driverId)],
);
