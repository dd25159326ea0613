import { and, asc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray } from "@/db/rows";
import { places } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { requireTenantTags } from "@/lib/fleet/tags";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { boundingBox } from "./place-geometry";
import type { PlaceInput } from "./place-input";

export type PlaceRow = typeof places.$inferSelect;

type Audited = { actor: AuditActor };

const notFound = (placeId: number) => new AppError("not_found", `No place with id ${placeId}.`);

/** The stored columns of a (merged) input: the shape, its box, and the address's point. */
const shapeColumns = (input: Pick<PlaceInput, "geofence" | "latitude" | "longitude">) => {
  const { circle, polygon } = input.geofence;
  const vertices = polygon?.vertices ?? null;
  const radiusMeters = circle?.radiusMeters ?? null;
  const centre = circle
    ? { latitude: (circle.latitude ?? input.latitude)!, longitude: (circle.longitude ?? input.longitude)! }
    : (() => {
        const box = boundingBox({ latitude: 0, longitude: 0, radiusMeters: null, vertices });
        return { latitude: input.latitude ?? (box.minLatitude + box.maxLatitude) / 2, longitude: input.longitude ?? (box.minLongitude + box.maxLongitude) / 2 };
      })();
  return { ...centre, radiusMeters, vertices, ...boundingBox({ ...centre, radiusMeters, vertices }) };
};

/** What the audit log keeps of a place. */
const audited = (row: Partial<PlaceRow>) => ({
  name: row.name,
  formattedAddress: row.formattedAddress,
  notes: row.notes,
  radiusMeters: row.radiusMeters,
  vertices: row.vertices?.length,
  latitude: row.latitude,
  longitude: row.longitude,
  tagIds: row.tagIds,
});

/** Writes a new place and its audit event. */
export const createPlace = ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: PlaceInput }): Promise<PlaceRow> =>
  db.transaction(async (tx) => {
    const values = {
      companyId,
      dataset,
      name: input.name,
      formattedAddress: input.formattedAddress,
      notes: input.notes ?? "",
      addressTypes: input.addressTypes ?? [],
      externalIds: input.externalIds ?? {},
      tagIds: await requireTenantTags({ db: tx, companyId, dataset, tagIds: input.tagIds ?? [], field: "tagIds" }),
      ...shapeColumns(input),
    };
    const [row] = await tx.insert(places).values(values).returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "place.created",
      target: { type: "place", id: row.id },
      changes: changedFields({ before: null, after: audited(row) }),
    });
    return row;
  });

/** The tenant's places by id (keyset); `search` matches name or address, case-insensitively. */
export const listPlaces = ({
  db,
  companyId,
  dataset,
  search,
  tagIds,
  afterId,
  limit,
}: TenantQuery & { search?: string; tagIds?: readonly number[]; afterId?: number; limit: number }) => {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    whereTenant(places, { companyId, dataset }),
    pattern ? or(ilike(places.name, pattern), ilike(places.formattedAddress, pattern)) : undefined,
    // Places carrying one of the tags (an empty list: none).
    tagIds === undefined ? undefined : sql`${places.tagIds} && ${intArray(tagIds)}`,
    afterId === undefined ? undefined : gt(places.id, afterId),
  ];
  return db
    .select()
    .from(places)
    .where(and(...conditions))
    .orderBy(asc(places.id))
    .limit(limit);
};

const selectPlace = async ({ db, companyId, dataset, placeId, lock }: TenantQuery & { placeId: number; lock?: boolean }) => {
  const query = db
    .select()
    .from(places)
    .where(and(whereTenant(places, { companyId, dataset }), eq(places.id, placeId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(placeId);
  return row;
};

/** One of the tenant's places; 404 for another tenant's. */
export const getPlace = (options: TenantQuery & { placeId: number }): Promise<PlaceRow> => selectPlace(options);

/** Changes the given fields; a new geofence replaces the old shape whole. */
export const updatePlace = ({
  db,
  companyId,
  dataset,
  placeId,
  input,
  actor,
}: TenantQuery & Audited & { placeId: number; input: Partial<PlaceInput> }): Promise<PlaceRow> =>
  db.transaction(async (tx: Executor) => {
    const before = await selectPlace({ db: tx, companyId, dataset, placeId, lock: true });
    const { geofence, latitude, longitude, tagIds, contactIds: _contacts, ...plain } = input;
    const reshaped =
      geofence || latitude !== undefined || longitude !== undefined
        ? shapeColumns({
            geofence:
              geofence ??
              (before.vertices
                ? { polygon: { vertices: before.vertices } }
                : { circle: { latitude: before.latitude, longitude: before.longitude, radiusMeters: before.radiusMeters ?? 0 } }),
            latitude: latitude ?? before.latitude,
            longitude: longitude ?? before.longitude,
          })
        : {};
    const fields = {
      ...Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)),
      ...reshaped,
      ...(tagIds ? { tagIds: await requireTenantTags({ db: tx, companyId, dataset, tagIds, field: "tagIds" }) } : {}),
    };
    if (Object.keys(fields).length === 0) return before;
    const [row] = await tx
      .update(places)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(whereTenant(places, { companyId, dataset }), eq(places.id, placeId)))
      .returning();
    const changes = changedFields({ before: audited(before), after: audited(row) });
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "place.updated", target: { type: "place", id: placeId }, changes });
    return row;
  });

/** Deletes a place; incidents that named it keep its id. */
export const deletePlace = ({ db, companyId, dataset, placeId, actor }: TenantQuery & Audited & { placeId: number }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .delete(places)
      .where(and(whereTenant(places, { companyId, dataset }), eq(places.id, placeId)))
      .returning({ id: places.id, name: places.name });
    if (!row) throw notFound(placeId);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "place.deleted",
      target: { type: "place", id: placeId },
      changes: { name: { before: row.name, after: null } },
    });
  });
