import type { AppError } from "@/lib/platform/errors";

/** The Tags page's form as the /tags body: no parent is null, members are lists of ids. */
export const readTagForm = (form: FormData): Record<string, unknown> => {
  const strings = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const parent = form.get("parentTagId");
  return {
    name: form.get("name") ?? undefined,
    parentTagId: typeof parent === "string" && parent !== "" ? parent : null,
    vehicles: strings("vehicles"),
    drivers: strings("drivers"),
  };
};

/** The field a domain error of a save is about: an unknown parent, vehicle or driver. */
export const tagErrorField = (error: AppError): string | undefined =>
  ["parentTagId", "vehicles", "drivers"].find((name) => error.message.includes(`"${name}"`));
