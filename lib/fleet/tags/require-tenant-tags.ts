import { and, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { tags } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

/**
 * The tag ids a place or an alert rule names, as numbers, each one of the tenant's tags; else a 404
 * naming `field` and the first id the tenant does not have (another company's tag is no tag here).
 */
export const requireTenantTags = async ({
  db,
  companyId,
  dataset,
  tagIds,
  field,
}: Tenant & { db: Executor; tagIds: readonly (string | number)[]; field: string }) => {
  const wanted = [...new Set(tagIds.map(Number))];
  if (wanted.length === 0) return wanted;
  const found = new Set(
    (
      await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(whereTenant(tags, { companyId, dataset }), inArray(tags.id, wanted)))
    ).map((row) => row.id),
  );
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError("not_found", `${field}: no tag with id ${missing}.`);
  return wanted;
};

export type TagTiny = { id: number; name: string; parentTagId: number | null };

/** The tenant's tags among `ids`, by id, to name them where a record carries only tag ids (places, alert rules). */
export const findTagsByIds = async ({ db, companyId, dataset, ids }: Tenant & { db: Executor; ids: readonly number[] }): Promise<Map<number, TagTiny>> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: tags.id, name: tags.name, parentTagId: tags.parentTagId })
    .from(tags)
    .where(and(whereTenant(tags, { companyId, dataset }), inArray(tags.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
};
