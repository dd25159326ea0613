import type { AppError } from "@/lib/platform/errors";

/** The form's text fields, named as the vehicle schema names them. */
export const VEHICLE_FORM_TEXT_FIELDS = ["name", "vin", "licensePlate", "make", "model", "vehicleType", "trailers", "powerUnitNumber", "notes"] as const;

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

/** The field a domain error of a save is about: a taken VIN, or an unknown tag. */
export const vehicleErrorField = (error: AppError): string | undefined =>
  error.message.includes('"vin"') ? "vin" : error.message.includes('"tagIds"') ? "tagIds" : undefined;
