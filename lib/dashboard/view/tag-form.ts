export type TagFormState = { status: "idle" | "error"; message?: string; fieldErrors: Record<string, string> };

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
