"use server";

// Both exports are public endpoints: the setup token is their credential, checked in completeSetup and checkSetupToken.
import { redirect } from "next/navigation";
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { definePublicAction } from "@/app/_server/define-action";
import { checkSetupToken, completeSetup } from "@/lib/access/companies/setup-token";
import { AppError } from "@/lib/platform/errors";
import { searchCities } from "@/lib/platform/geo/city-search";
import { adminInputSchema, companySettingsSchema } from "@/lib/access/companies/company-input";

// Flat, so that each message lands next to its field.
const setupFormSchema = z.strictObject({
  token: z.string(),
  companyName: companySettingsSchema.shape.name,
  timeZone: companySettingsSchema.shape.timeZone,
  distanceUnit: companySettingsSchema.shape.distanceUnit,
  hosRules: companySettingsSchema.shape.hosRules.unwrap().default("us70_8"),
  homeCity: z.string().max(120).default(""),
  adminName: adminInputSchema.shape.name,
  email: adminInputSchema.shape.email,
  password: adminInputSchema.shape.password,
});

/** Creates the company and its first admin from the setup form, then opens the sign-in page, which confirms it. */
export const completeSetupAction = definePublicAction(
  { input: setupFormSchema, args: (token: unknown, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), token: String(token) }) },
  async ({ input: { token, companyName, timeZone, distanceUnit, hosRules, homeCity, adminName, email, password } }) => {
    await completeSetup({ token, company: { name: companyName, timeZone, distanceUnit, hosRules, homeCity }, admin: { name: adminName, email, password } });
    redirect("/login?setup=done");
  },
);

/** Towns of the shipped gazetteer for the home-city field, while the setup link is valid (it is the credential). */
export const searchSetupCitiesAction = definePublicAction(
  { input: z.object({ token: z.string(), query: z.string().max(120) }), args: (token: unknown, query: unknown) => ({ token, query }) },
  async ({ input: { token, query } }) => {
    const { refusedBecause } = await checkSetupToken({ token });
    if (refusedBecause) throw new AppError("forbidden", refusedBecause);
    return { cities: await searchCities({ query }) };
  },
);
