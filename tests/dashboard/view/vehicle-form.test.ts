import { describe, expect, it } from "vitest";
import { makeVin } from "@/lib/runtime/seed/vin";
import { parseExternalIdLines, validateVehicleForm } from "@/lib/dashboard/view/vehicle-form";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
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
