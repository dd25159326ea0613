import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, DATASETS, tenantColumns, utc } from "./columns";

/** What an asset is: a powered vehicle, or a trailer (docs/decisions.md "Trailers are vehicles of another kind"). */
export const ASSET_KINDS = ["vehicle", "trailer"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/**
 * A vehicle (asset). `id` is the legacy integer assetId; the public interface shows it as a string.
 * A trailer is a row of kind `trailer`: its own device, positions, stats, playback and alerts are a
 * vehicle's; /fleet/vehicles lists the `vehicle` kind, /fleet/trailers the other.
 */
export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vin: text("vin").notNull(),
    name: text("name").notNull(),
    plateNumber: text("plate_number").notNull().default(""),
    make: text("make").notNull().default(""),
    model: text("model").notNull().default(""),
    year: smallint("year"),
    /** Free text, as the legacy interface reports it (e.g. "TR-104, TR-220"). */
    trailers: text("trailers").notNull().default(""),
    /** The carrier's truck or tractor number on ELD records (at most 10 characters); empty: derived from the name. */
    powerUnitNumber: text("power_unit_number").notNull().default(""),
    typeId: integer("type_id").notNull().default(1),
    typeName: text("type_name").notNull().default("Truck"),
    subType: text("sub_type"),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
    /** Set: archived (docs/decisions.md "Archived vehicles"): out of the live lists, history kept. */
    archivedAt: utc("archived_at"),
    assetKind: text("asset_kind", { enum: ASSET_KINDS }).notNull().default("vehicle"),
    /** Samsara's trailer `enabledForMobile`: the driver app offers the trailer. */
    enabledForMobile: boolean("enabled_for_mobile").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("vehicles_vin_idx").on(t.companyId, t.dataset, t.vin),
    index("vehicles_tenant_idx").on(t.companyId, t.dataset, t.id),
  ],
);

export const HOS_RULESETS = ["us70_8", "us60_7"] as const;
export const ACTIVATION_STATUSES = ["active", "deactivated"] as const;

export const drivers = pgTable(
  "drivers",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    phone: text("phone").notNull().default(""),
    licenseNumber: text("license_number").notNull().default(""),
    licenseState: text("license_state").notNull().default(""),
    /** IANA zone; the driver's HOS day starts at `dayStartHour` in it. */
    timezone: text("timezone").notNull().default("America/Chicago"),
    dayStartHour: smallint("day_start_hour").notNull().default(0),
    hosRuleset: text("hos_ruleset", { enum: HOS_RULESETS }).notNull().default("us70_8"),
    /** The carrier elects the 150 air-mile short-haul exception (49 CFR 395.1(e)(1)) for this driver. */
    shortHaulException: boolean("short_haul_exception").notNull().default(false),
    eldExempt: boolean("eld_exempt").notNull().default(false),
    eldExemptReason: text("eld_exempt_reason").notNull().default(""),
    /** The carrier allows the driver personal conveyance and yard moves (Appendix A 4.3.3.1.1): off until allowed. */
    eldPcEnabled: boolean("eld_pc_enabled").notNull().default(false),
    eldYmEnabled: boolean("eld_ym_enabled").notNull().default(false),
    activationStatus: text("activation_status", { enum: ACTIVATION_STATUSES }).notNull().default("active"),
    /** Raised when the driver's logbook password or PIN changes or the driver is deactivated: their logbook sessions end. */
    sessionVersion: integer("session_version").notNull().default(0),
    staticAssignedVehicleId: integer("static_assigned_vehicle_id"),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("drivers_username_idx").on(t.companyId, t.dataset, t.username),
    index("drivers_tenant_idx").on(t.companyId, t.dataset, t.id),
  ],
);
