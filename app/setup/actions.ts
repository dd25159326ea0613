"use server";

// The one export is a public endpoint: the setup token is its credential, checked in completeSetup.
import { redirect } from "next/navigation";
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { definePublicAction } from "@/app/_server/define-action";
import { completeSetup } from "@/lib/access/companies/setup-token";
import { adminInputSchema, companySettingsSchema } from "@/lib/access/companies/company-input";

// Flat, so that each message lands next to its field.
const setupFormSchema = z.strictObject({
  token: z.string(),
  companyName: companySettingsSchema.shape.name,
  timeZone: companySettingsSchema.shape.timeZone,
  distanceUnit: companySettingsSchema.shape.distanceUnit,
  hosRules: companySettingsSchema.shape.hosRules.unwrap().default("us70_8"),
  adminName: adminInputSchema.shape.name,
  email: adminInputSchema.shape.email,
  password: adminInputSchema.shape.password,
});

/** Creates the company and its first admin from the setup form, then opens the sign-in page, which confirms it. */
export const completeSetupAction = definePublicAction(
  { input: setupFormSchema, args: (token: unknown, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), token: String(token) }) },
  async ({ input: { token, companyName, timeZone, distanceUnit, hosRules, adminName, email, password } }) => {
    await completeSetup({ token, company: { name: companyName, timeZone, distanceUnit, hosRules }, admin: { name: adminName, email, password } });
    redirect("/login?setup=done");
  },
);
