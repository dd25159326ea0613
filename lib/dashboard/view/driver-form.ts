import type { z } from "zod";
import { createDriverSchema, driverInputSchema, type DriverInput } from "@/lib/fleet/drivers/driver-input";
import { isAppError } from "@/lib/platform/errors";

/** The form's text fields, named as the driver schema names them. */
export const DRIVER_FORM_TEXT_FIELDS = ["name", "username", "phone", "licenseNumber", "licenseState", "timezone", "eldExemptReason", "notes"] as const;

export type DriverFormState = { status: "idle" | "error" | "saved"; message?: string; fieldErrors: Record<string, string>; values?: Record<string, string> };

/** Form data as a driver-schema input: text as typed, the checkbox as a boolean, no vehicle as null. */
export const readDriverForm = (form: FormData): DriverInput => {
  const input: Record<string, unknown> = {};
  for (const field of DRIVER_FORM_TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") input[field] = value;
  }
  input.eldExempt = form.get("eldExempt") === "on";
  const vehicle = form.get("staticAssignedVehicleId");
  if (typeof vehicle === "string") input.staticAssignedVehicleId = vehicle === "" ? null : vehicle;
  return input as DriverInput;
};

const firstErrorPerField = (error: z.ZodError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
};

/**
 * Validates a submitted driver form with THE schema of POST /fleet/drivers (create) or PATCH
 * /fleet/drivers/{id} (update); field errors keyed by field name for inline display.
 */
export const validateDriverForm = ({ form, mode }: { form: FormData; mode: "create" | "update" }) => {
  const parsed = (mode === "create" ? createDriverSchema : driverInputSchema).safeParse(readDriverForm(form));
  return parsed.success ? { input: parsed.data, fieldErrors: null } : { input: null, fieldErrors: firstErrorPerField(parsed.error) };
};

/** A domain error of a save as form state: a taken username or an unknown vehicle lands on its field. */
export const toDriverFormError = (error: unknown, values: Record<string, string>): DriverFormState => {
  if (!isAppError(error) || !["conflict", "bad_request", "not_found"].includes(error.code)) throw error;
  const field = error.code === "conflict" ? "username" : error.message.includes("staticAssignedVehicleId") ? "staticAssignedVehicleId" : undefined;
  return { status: "error", message: field ? undefined : error.message, fieldErrors: field ? { [field]: error.message } : {}, values };
};

export const formValues = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string" && !entry[0].startsWith("$")));
