import { describe, expect, it } from "vitest";
import { driverErrorField, readDriverForm } from "@/lib/dashboard/view/driver-form";
import { createDriverSchema, driverInputSchema } from "@/lib/fleet/drivers/driver-input";
import { AppError } from "@/lib/platform/errors";
import { fieldErrorsFromZod } from "@/lib/platform/errors/field-errors";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

/** The form as its actions check it (defineAction parses with the schema, failures keyed by field). */
const validateDriverForm = ({ form, mode }: { form: FormData; mode: "create" | "update" }) => {
  const parsed = (mode === "create" ? createDriverSchema : driverInputSchema).safeParse(readDriverForm(form));
  return parsed.success ? { input: parsed.data, fieldErrors: null } : { input: null, fieldErrors: fieldErrorsFromZod(parsed.error) };
};

describe("driver form", () => {
  it("reads the fields as the driver schema names them", () => {
    expect(
      readDriverForm(form({ name: "Ana", username: "ana", timezone: "America/Chicago", eldExempt: "on", eldPcEnabled: "on", staticAssignedVehicleId: "" })),
    ).toEqual({
      name: "Ana",
      username: "ana",
      timezone: "America/Chicago",
      eldExempt: true,
      eldPcEnabled: true,
      eldYmEnabled: false,
      staticAssignedVehicleId: null,
    });
  });

  it("rejects a bad value with the public interface's message on that field", () => {
    const result = validateDriverForm({ form: form({ name: "Ana", username: "ana smith", timezone: "Mars/Olympus" }), mode: "create" });
    expect(result.input).toBeNull();
    expect(result.fieldErrors).toEqual({ username: "letters, digits and . _ @ + - only", timezone: "an IANA time zone such as America/Chicago" });
  });

  it("requires name and username on create only", () => {
    expect(validateDriverForm({ form: form({ name: "" }), mode: "create" }).fieldErrors).toHaveProperty("username");
    expect(validateDriverForm({ form: form({ phone: "555" }), mode: "update" }).input).toEqual({
      phone: "555",
      eldExempt: false,
      eldPcEnabled: false,
      eldYmEnabled: false,
    });
  });

  it("puts a taken username or an unknown vehicle on its field, and nothing else", () => {
    expect(driverErrorField(new AppError("conflict", 'A driver with username "ana" already exists.'))).toBe("username");
    expect(driverErrorField(new AppError("not_found", "No vehicle with id staticAssignedVehicleId 9."))).toBe("staticAssignedVehicleId");
    expect(driverErrorField(new AppError("internal_error", "db down"))).toBeUndefined();
  });
});
