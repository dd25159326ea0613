import { describe, expect, it } from "vitest";
import { readDriverForm, toDriverFormError, validateDriverForm } from "@/lib/dashboard/view/driver-form";
import { AppError } from "@/lib/platform/errors";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("driver form", () => {
  it("reads the fields as the driver schema names them", () => {
    expect(readDriverForm(form({ name: "Ana", username: "ana", timezone: "America/Chicago", eldExempt: "on", staticAssignedVehicleId: "" }))).toEqual({
      name: "Ana",
      username: "ana",
      timezone: "America/Chicago",
      eldExempt: true,
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
    expect(validateDriverForm({ form: form({ phone: "555" }), mode: "update" }).input).toEqual({ phone: "555", eldExempt: false });
  });

  it("puts a taken username on its field and rethrows unexpected errors", () => {
    expect(toDriverFormError(new AppError("conflict", 'A driver with username "ana" already exists.'), {}).fieldErrors).toEqual({
      username: 'A driver with username "ana" already exists.',
    });
    expect(() => toDriverFormError(new Error("db down"), {})).toThrow("db down");
  });
});
