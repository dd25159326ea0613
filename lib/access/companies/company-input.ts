import { z } from "zod";
import { COMPANY_HOS_RULES, DISTANCE_UNITS, MODULES, PLAN_TIERS } from "@/db/schema";
import { findCity } from "@/lib/platform/geo/city-search";
import { isTimeZone } from "@/lib/platform/zoned-time";

const name = z.string().trim().min(1, "Give the company a name.").max(120, "At most 120 characters.");
const timeZone = z.string().trim().refine(isTimeZone, "Must be an IANA time zone, such as America/Chicago or Europe/Berlin.");
const distanceUnit = z.enum(DISTANCE_UNITS, { error: "Must be km or mi." });
const hosRules = z.enum(COMPANY_HOS_RULES, { error: "Must be us70_8, us60_7 or none." });

/** Engine on, not moving, this many minutes is an idling event. */
const idleMinimumMinutes = z.coerce
  .number({ error: "Must be a number of minutes." })
  .int("Whole minutes.")
  .min(2, "At least 2 minutes.")
  .max(240, "At most 240 minutes.");
/** m/s (the form converts from the company's unit): faster is speeding. 5 to 70 m/s is 18 to 252 km/h, 11 to 156 mph. */
const speedingThreshold = z.coerce.number({ error: "Must be a speed." }).min(5, "At least 18 km/h (11 mph).").max(70, "At most 252 km/h (156 mph).");

/** The carrier's USDOT number (Appendix A 7.3: 1 to 9 digits); a form's empty field or null clears it. */
export const usdotNumberSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{0,9}$/, "Up to 9 digits."),
  ])
  .nullable()
  .transform((value) => (value === null || value === "" ? null : Number(value)))
  .pipe(z.number().int("Digits only.").min(1, "At least 1.").max(999_999_999, "At most 9 digits.").nullable());
/** The carrier's legal name on ELD records (7.2: 4 to 120 characters); empty: the company's name. */
export const carrierNameSchema = z
  .string()
  .trim()
  .max(120, "At most 120 characters.")
  .refine((value) => value === "" || value.length >= 4, "At least 4 characters (or empty for the company's name).");
const mainOfficeAddress = z.string().trim().max(255, "At most 255 characters.");
/** FMCSA's codes (7.17, 7.15): A-Z and 0-9, four and six characters; empty until the service is registered. */
const fmcsaCode = (length: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || new RegExp(`^[A-Z0-9]{${length}}$`).test(value), `${length} letters or digits (A-Z, 0-9).`);

/**
 * The company's home town (a town of the shipped gazetteer, "Berlin, DE"): where the maps open while the fleet has no
 * vehicle position and no place. Empty clears it. Parsed asynchronously (safeParseAsync): the gazetteer loads on first use.
 */
const homeCity = z
  .string()
  .trim()
  .max(120, "At most 120 characters.")
  .transform(async (value, context) => {
    if (value === "") return { homeName: null, homeLatitude: null, homeLongitude: null };
    const city = await findCity(value);
    if (city) return { homeName: city.label, homeLatitude: city.latitude, homeLongitude: city.longitude };
    context.addIssue({ code: "custom", message: "No town of that name: type its first letters and pick one of the suggestions (such as Berlin, DE)." });
    return z.NEVER;
  });

/** What a company's admin may change on /settings/company (the detection settings apply to what is detected from then on). */
export const companySettingsSchema = z.strictObject({
  name,
  timeZone,
  distanceUnit,
  hosRules: hosRules.optional(),
  idleMinimumMinutes: idleMinimumMinutes.optional(),
  speedingThreshold: speedingThreshold.optional(),
  usdotNumber: usdotNumberSchema.optional(),
  carrierName: carrierNameSchema.optional(),
  mainOfficeAddress: mainOfficeAddress.optional(),
  eldRegistrationId: fmcsaCode(4).optional(),
  eldIdentifier: fmcsaCode(6).optional(),
  homeCity: homeCity.optional(),
  /** Product modules (Waste: waste jobs for the dispatcher); the admin turns them on and off, as the operator can. */
  modules: z
    .array(z.enum(MODULES, { error: `Must be one of ${MODULES.join(", ")}.` }))
    .transform((modules) => [...new Set(modules)])
    .optional(),
});

/** A new company, as the operator command line or the first-run setup creates it. */
export const companyInputSchema = companySettingsSchema.extend({
  planTier: z.enum(PLAN_TIERS).default("Standard"),
  modules: z
    .array(z.enum(MODULES))
    .default([])
    .transform((modules) => [...new Set(modules)]),
});

/** A parsed change or new company as its row's columns: the home town's label and coordinates in place of `homeCity`. */
export const companyColumnsOf = <T extends { homeCity?: { homeName: string | null; homeLatitude: number | null; homeLongitude: number | null } }>({
  homeCity: home,
  ...rest
}: T) => ({ ...rest, ...home });

export type CompanyInput = z.input<typeof companyInputSchema>;

/** Who changes a company: its admin (settings and modules) or the operator who hosts it (the plan too). */
export const companyChangeSchemas = {
  admin: companySettingsSchema.partial(),
  operator: companyInputSchema.partial().strict(),
} as const;

export type CompanyEditor = keyof typeof companyChangeSchemas;

/** The first admin of a new company (sign-in by e-mail; the password hashed with bcrypt). */
export const adminInputSchema = z.strictObject({
  name: z.string().trim().min(1, "Give the admin's name.").max(120, "At most 120 characters."),
  email: z.email("Must be an e-mail address.").trim().toLowerCase(),
  password: z.string().min(12, "At least 12 characters.").max(200, "At most 200 characters."),
});

export type AdminInput = z.input<typeof adminInputSchema>;
