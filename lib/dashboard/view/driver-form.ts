import type { DriverInput } from "@/lib/fleet/drivers/driver-input";
import type { AppError } from "@/lib/platform/errors";

/** The form's text fields, named as the driver schema names them. */
export const DRIVER_FORM_TEXT_FIELDS = ["name", "username", "phone", "licenseNumber", "licenseState", "timezone", "eldExemptReason", "notes"] as const;

/** The form's checkboxes: the ELD exemption, and the carrier's allowance of personal conveyance and yard moves. */
export const DRIVER_FORM_CHECKBOXES = ["eldExempt", "eldPcEnabled", "eldYmEnabled"] as const;

/** Form data as a driver-schema input: text as typed, the checkboxes as booleans, no vehicle as null. */
export const readDriverForm = (form: FormData): DriverInput => {
  const input: Record<string, unknown> = {};
  for (const field of DRIVER_FORM_TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") input[field] = value;
  }
  for (const field of DRIVER_FORM_CHECKBOXES) input[field] = form.get(field) === "on";
  const vehicle = form.get("staticAssignedVehicleId");
  if (typeof vehicle === "string") input.staticAssignedVehicleId = vehicle === "" ? null : vehicle;
  return input as DriverInput;
};

/** The field a domain error of a save is about: a taken username, an unknown vehicle, or a refused logbook password or PIN. */
export const driverErrorField = (error: AppError): string | undefined =>
  error.code === "conflict"
    ? "username"
    : error.message.includes("staticAssignedVehicleId")
      ? "staticAssignedVehicleId"
      : error.message.includes('"secret"')
        ? "secret"
        : undefined;
