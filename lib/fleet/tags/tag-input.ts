import { z } from "zod";

const objectIds = (what: string) =>
  z
    .array(z.string().regex(/^\d{1,9}$/, `a ${what} id`))
    .max(20_000)
    .meta({ description: `Ids of the ${what}s that carry the tag (replaces the tag's current ${what}s).` });

// Samsara's tag body also names addresses, assets, machines and sensors, which this service does not
// keep: an empty list (what its SDK sends for "none") is accepted, anything in it is a 400 naming it.
const unsupported = (what: string) =>
  z
    .array(z.string())
    .max(0, `this service keeps no ${what}; send an empty list or leave the field out`)
    .optional()
    .meta({ description: `Not kept by this service; only an empty list is accepted.` });

const fields = {
  name: z.string().trim().min(1).max(191),
  parentTagId: z
    .string()
    .regex(/^\d{1,9}$/, "a tag id")
    .nullable()
    .meta({ description: "The parent tag's id in a tag tree; null (or absent on create) for a top-level tag." }),
  vehicles: objectIds("vehicle"),
  drivers: objectIds("driver"),
  externalIds: z.record(z.string().min(1).max(64), z.string().max(255)),
  addresses: unsupported("addresses"),
  assets: unsupported("assets"),
  machines: unsupported("machines"),
  sensors: unsupported("sensors"),
};

/** POST /tags: Samsara's create body; name required. */
export const createTagSchema = z.object(fields).partial().required({ name: true }).strict().meta({ id: "CreateTagInput" });

/** PATCH /tags/{id}: a JSON merge patch (the fields given replace the tag's; lists replace whole lists). */
export const patchTagSchema = z.object(fields).partial().strict().meta({ id: "PatchTagInput" });

/** PUT /tags/{id}: Samsara's replace: fields left out are cleared (members, parent). */
export const replaceTagSchema = patchTagSchema.meta({ id: "ReplaceTagInput" });

export type TagInput = z.output<typeof patchTagSchema>;
