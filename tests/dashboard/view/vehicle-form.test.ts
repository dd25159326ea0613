import { describe, expect, it } from "vitest";
import { makeVin } from "@/lib/runtime/seed/vin";
import { parseExternalIdLines, readVehicleForm } from "@/lib/dashboard/view/vehicle-form";
import { createVehicleSchema, vehicleInputSchema } from "@/lib/fleet/vehicles/vehicle-input";
import { fieldErrorsFromZod } from "@/lib/platform/errors/field-errors";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
};

/** The form as its actions check it (defineAction parses with the schema, failures keyed by field). */
const validateVehicleForm = ({ form, mode }: { form: FormData; mode: "create" | "update" }) => {
  const parsed = (mode === "create" ? createVehicleSchema : vehicleInputSchema).safeParse(readVehicleForm(form));
  return parsed.success ? { input: parsed.data, fieldErrors: null } : { input: null, fieldErrors: fieldErrorsFromZod(parsed.error) };
};

describe("vehicle form", () => {
  it("reads the form as the public interface's vehicle input", () => {
    const vin = makeVin({ wmi: "1FV", seed: 42, year: 2020 });
    const { input } = validateVehicleForm({
      form: form({
        name: " Truck 1 ",
        vin: vin.toLowerCase(),
        year: "2020",
        vehicleSubType: "",
        externalIds: "erp = T-1\nfleet=9",
        tagIds: ["3", "4"],
        tagsShown: "1",
      }),
      mode: "create",
    });
    expect(input).toMatchObject({ name: "Truck 1", vin, year: 2020, vehicleSubType: null, externalIds: { erp: "T-1", fleet: "9" }, tagIds: ["3", "4"] });
  });

  it("names the VIN field with the check-digit reason", () => {
    const { fieldErrors } = validateVehicleForm({ form: form({ name: "Truck", vin: "1M8GDM9A1KP042788" }), mode: "create" });
    expect(fieldErrors?.vin).toContain("check digit");
  });

  it("a blank year clears it; a line without = is a key with an empty value", () => {
    expect(validateVehicleForm({ form: form({ year: "" }), mode: "update" }).input).toEqual({ year: null });
    expect(parseExternalIdLines("lonely")).toEqual({ lonely: "" });
  });
});
