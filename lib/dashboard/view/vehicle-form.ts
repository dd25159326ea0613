import { isAppError } from "@/lib/platform/errors";
import { fieldErrorsFromZod } from "@/lib/platform/errors/field-errors";
import { createVehicleSchema, vehicleInputSchema } from "@/lib/fleet/vehicles/vehicle-input";

/** The form's text fields, named as the vehicle schema names them. */
export const VEHICLE_FORM_TEXT_FIELDS = ["name", "vin", "licensePlate", "make", "model", "vehicleType", "trailers", "notes"] as const;

export type VehicleFormState = { status: "idle" | "error"; message?: string; fieldErrors: Record<string, string>; values?: Record<string, string> };

/** `key=value` per line (the form's external ids) as a record; a line without `=` is kept whole as a key so the schema names it. */
export const parseExternalIdLines = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf("=");
        return at < 0 ? [line, ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );

/** Form data as a vehicle-schema input: blanks for year and sub-type are null, tags a list of ids. */
export const readVehicleForm = (form: FormData): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const field of VEHICLE_FORM_TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") input[field] = value;
  }
  const year = form.get("year");
  if (typeof year === "string") input.year = year.trim() === "" ? null : year;
  const subType = form.get("vehicleSubType");
  if (typeof subType === "string") input.vehicleSubType = subType.trim() === "" ? null : subType;
  const externalIds = form.get("externalIds");
  if (typeof externalIds === "string") input.externalIds = parseExternalIdLines(externalIds);
  if (form.has("tagIds") || form.has("tagsShown")) input.tagIds = form.getAll("tagIds").filter((id): id is string => typeof id === "string");
  return input;
};

/** Validates a submitted vehicle form with THE schema of the public interface; errors keyed by field. */
export const validateVehicleForm = ({ form, mode }: { form: FormData; mode: "create" | "update" }) => {
  const parsed = (mode === "create" ? createVehicleSchema : vehicleInputSchema).safeParse(readVehicleForm(form));
  return parsed.success ? { input: parsed.data, fieldErrors: null } : { input: null, fieldErrors: fieldErrorsFromZod(parsed.error) };
};

/** A domain error of a save as form state: a taken VIN or an unknown tag lands on its field. */
export const toVehicleFormError = (error: unknown, values: Record<string, string>): VehicleFormState => {
  if (!isAppError(error) || !["conflict", "bad_request", "not_found"].includes(error.code)) throw error;
  const field = error.message.includes('"vin"') ? "vin" : error.message.includes('"tagIds"') ? "tagIds" : undefined;
  return { status: "error", message: field ? undefined : error.message, fieldErrors: field ? { [field]: error.message } : {}, values };
};
