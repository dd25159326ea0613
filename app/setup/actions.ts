"use server";

// The one export is a public endpoint: the setup token is its credential, checked in completeSetup.
import { redirect } from "next/navigation";
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { completeSetup } from "@/lib/companies/setup-token";
import { adminInputSchema, companySettingsSchema } from "@/lib/companies/company-input";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";

// Flat, so that each message lands next to its field.
const setupFormSchema = z.strictObject({
  companyName: companySettingsSchema.shape.name,
  timeZone: companySettingsSchema.shape.timeZone,
  distanceUnit: companySettingsSchema.shape.distanceUnit,
  adminName: adminInputSchema.shape.name,
  email: adminInputSchema.shape.email,
  password: adminInputSchema.shape.password,
});

/** Creates the company and its first admin from the setup form, then opens the sign-in page. */
export const completeSetupAction = async (token: string, _previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const parsed = setupFormSchema.safeParse(fieldsOf(form));
  if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
  try {
    const { companyName, timeZone, distanceUnit, adminName, email, password } = parsed.data;
    await completeSetup({ token: String(token), company: { name: companyName, timeZone, distanceUnit }, admin: { name: adminName, email, password } });
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} };
  }
  redirect("/login");
};
