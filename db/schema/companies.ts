import { doublePrecision, integer, pgTable, real, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, utc } from "./columns";

export const PLAN_TIERS = ["Free", "Standard", "Professional", "Enterprise"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const MODULES = ["Waste"] as const;
export type Module = (typeof MODULES)[number];

export const DISTANCE_UNITS = ["km", "mi"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** Which hours-of-service rules the company's drivers keep: FMCSA 70-hour/8-day or 60-hour/7-day, or none (HOS not tracked). */
export const COMPANY_HOS_RULES = ["us70_8", "us60_7", "none"] as const;
export type CompanyHosRules = (typeof COMPANY_HOS_RULES)[number];

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  planTier: text("plan_tier", { enum: PLAN_TIERS }).notNull().default("Standard"),
  /** Optional product modules the company pays for, e.g. `Waste` for waste jobs. */
  modules: text("modules").array().notNull().default([]),
  /** IANA zone the dashboard shows every time in (the API stays UTC). */
  timeZone: text("time_zone").notNull().default("America/Chicago"),
  /** Distances on the dashboard: kilometres or miles (the API stays metric). */
  distanceUnit: text("distance_unit", { enum: DISTANCE_UNITS }).notNull().default("mi"),
  /** The HOS rules of its drivers (a new driver takes them; a change moves every driver), or "none": the HOS pages and the logbook say HOS is not tracked. */
  hosRules: text("hos_rules", { enum: COMPANY_HOS_RULES }).notNull().default("us70_8"),
  /** Engine on and not moving this long is an idling event (reports, /idling/events). */
  idleMinimumMinutes: smallint("idle_minimum_minutes").notNull().default(5),
  /** Faster than this (m/s) is a speeding interval; 120 km/h by default. */
  speedingThreshold: real("speeding_threshold").notNull().default(33.333332),
  /** The carrier's USDOT number (1 to 9 digits) for ELD output files and Samsara's compliance settings; null: not set. */
  usdotNumber: integer("usdot_number"),
  /** The carrier's legal name on ELD records; empty: the company's name. */
  carrierName: text("carrier_name").notNull().default(""),
  /** The principal place of business (Samsara's mainOfficeFormattedAddress). */
  mainOfficeAddress: text("main_office_address").notNull().default(""),
  /** FMCSA's ELD registration id (4 characters, A-Z 0-9) and the ELD identifier (6) the provider certified under; empty: not registered. */
  eldRegistrationId: text("eld_registration_id").notNull().default(""),
  eldIdentifier: text("eld_identifier").notNull().default(""),
  /** Where the maps open while the fleet has no vehicle position and no place (set at setup from the shipped gazetteer); null: not set. */
  homeName: text("home_name"),
  homeLatitude: doublePrecision("home_latitude"),
  homeLongitude: doublePrecision("home_longitude"),
  /**
   * How long inspection reports (DVIRs) are kept, in months: 3 (49 CFR 396.11(a)(4)) to 120; null keeps
   * them forever. A daily job deletes older ones (lib/fleet/inspections/purge-expired-dvirs.ts).
   */
  dvirRetentionMonths: smallint("dvir_retention_months").default(3),
  createdAt: createdAt(),
});

/**
 * Shared secret the company's camera platform signs webhook bodies with (HMAC needs the secret
 * itself). A secret verifies until it is revoked or `expires_at` passes: rotating sets the old
 * secret's `expires_at` to the end of the overlap window (lib/ingestion/camera/camera-secrets.ts).
 */
export const cameraSecrets = pgTable(
  "camera_secrets",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    /** End of a rotated-out secret's overlap window; null while it is the current secret. */
    expiresAt: utc("expires_at"),
    revokedAt: utc("revoked_at"),
  },
  (t) => [uniqueIndex("camera_secrets_secret_idx").on(t.secret)],
);

/**
 * One-time links that create the first company of an empty production database (lib/access/companies/setup-token.ts).
 * Global: there is no company yet. Only the SHA-256 of the token is kept.
 */
export const setupTokens = pgTable(
  "setup_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: utc("expires_at").notNull(),
    usedAt: utc("used_at"),
  },
  (t) => [uniqueIndex("setup_tokens_token_hash_idx").on(t.tokenHash)],
);
