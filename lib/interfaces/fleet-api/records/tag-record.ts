import { z } from "zod";
import type { TagRow } from "@/lib/fleet/tags/list-tags";
import { externalIdsSchema, idSchema, ref, refSchema } from "./common";

/** Samsara's tag: its members as `{ id, name }`, its parent as `parentTagId` and `parentTag`. */
export const tagSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    parentTagId: idSchema.optional(),
    parentTag: refSchema.optional(),
    vehicles: z.array(refSchema),
    drivers: z.array(refSchema),
    externalIds: externalIdsSchema,
  })
  .meta({ id: "Tag" });

export type TagRecord = z.output<typeof tagSchema>;

export const presentTag = (row: TagRow): TagRecord => ({
  id: String(row.id),
  name: row.name,
  ...(row.parentTag ? { parentTagId: String(row.parentTag.id), parentTag: ref(row.parentTag) } : {}),
  vehicles: row.vehicles.map(ref),
  drivers: row.drivers.map(ref),
  externalIds: row.externalIds,
});

/** `{ data: tag }`, Samsara's single-record envelope. */
export const tagResponseSchema = z.object({ data: tagSchema }).meta({ id: "TagResponse" });
