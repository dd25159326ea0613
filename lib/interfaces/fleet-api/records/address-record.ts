import { z } from "zod";
import type { TagTiny } from "@/lib/fleet/tags";
import type { PlaceRow } from "@/lib/fleet/places/manage-places";
import { ADDRESS_TYPES } from "@/lib/fleet/places/place-input";
import { externalIdsSchema, idSchema, rfc3339, timestampSchema } from "./common";

const vertexSchema = z.object({ latitude: z.number(), longitude: z.number() });

export const addressSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    formattedAddress: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    notes: z.string().optional(),
    geofence: z.object({
      circle: z.object({ latitude: z.number(), longitude: z.number(), radiusMeters: z.number() }).optional(),
      polygon: z.object({ vertices: z.array(vertexSchema) }).optional(),
    }),
    addressTypes: z.array(z.enum(ADDRESS_TYPES)).optional(),
    externalIds: externalIdsSchema.optional(),
    tags: z.array(z.object({ id: idSchema, name: z.string() })).optional(),
    createdAtTime: timestampSchema,
  })
  .meta({ id: "Address" });

export type AddressRecord = z.output<typeof addressSchema>;

/** Samsara's address object: a circle or a polygon geofence. */
export const presentAddress = (row: PlaceRow, tagsById: ReadonlyMap<number, TagTiny>): AddressRecord => ({
  id: String(row.id),
  name: row.name,
  formattedAddress: row.formattedAddress,
  latitude: row.latitude,
  longitude: row.longitude,
  ...(row.notes ? { notes: row.notes } : {}),
  geofence: row.vertices
    ? { polygon: { vertices: row.vertices } }
    : { circle: { latitude: row.latitude, longitude: row.longitude, radiusMeters: row.radiusMeters ?? 0 } },
  ...(row.addressTypes.length > 0 ? { addressTypes: row.addressTypes as AddressRecord["addressTypes"] } : {}),
  ...(Object.keys(row.externalIds).length > 0 ? { externalIds: row.externalIds } : {}),
  ...(row.tagIds.length > 0 ? { tags: row.tagIds.flatMap((id) => tagsById.get(id) ?? []).map(({ id, name }) => ({ id: String(id), name })) } : {}),
  createdAtTime: rfc3339(row.createdAt),
});
