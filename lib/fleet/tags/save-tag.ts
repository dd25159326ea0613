import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { tagDrivers, tags, tagVehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { getTag } from "./get-tag";
import type { TagRow } from "./list-tags";
import type { TagInput } from "./tag-input";
import { setTagDrivers, setTagVehicles } from "./tag-members";

type Audited = { actor: AuditActor };

/**
 * A parent must be one of the tenant's tags and must not be the tag itself or one of its
 * descendants (that would close a cycle): 400 naming `parentTagId`.
 */
const checkParent = async ({ db, companyId, dataset, tagId, parentTagId }: Tenant & { db: Executor; tagId: number | null; parentTagId: number }) => {
  const ancestors = await queryRows<{ id: number }>(
    db,
    sql`with recursive chain(id, parent) as (
          select id, parent_tag_id from tags where company_id = ${companyId} and dataset = ${dataset} and id = ${parentTagId}
          union
          select p.id, p.parent_tag_id from tags p join chain on p.id = chain.parent where p.company_id = ${companyId} and p.dataset = ${dataset}
        )
        select id from chain`,
  );
  if (ancestors.length === 0) throw new AppError("bad_request", `Invalid value for "parentTagId": no tag with id ${parentTagId}.`);
  if (tagId !== null && ancestors.some((row) => Number(row.id) === tagId)) {
    throw new AppError(
      "bad_request",
      `Invalid value for "parentTagId": tag ${parentTagId} is tag ${tagId} itself or one of its descendants, which would make a cycle.`,
    );
  }
};

/** Writes the members and records the event; `changes` are the tag's own columns that changed. */
const writeMembers = async ({ db, companyId, dataset, tagId, input }: Tenant & { db: Executor; tagId: number; input: TagInput }) => {
  if (input.vehicles !== undefined) await setTagVehicles({ db, companyId, dataset, tagId, vehicleIds: input.vehicles });
  if (input.drivers !== undefined) await setTagDrivers({ db, companyId, dataset, tagId, driverIds: input.drivers });
};

const memberChanges = (input: TagInput) => ({
  ...(input.vehicles !== undefined ? { vehicles: { before: null, after: input.vehicles } } : {}),
  ...(input.drivers !== undefined ? { drivers: { before: null, after: input.drivers } } : {}),
});

/** Creates a tag in the tenant's dataset with its parent and members. */
export const createTag = async ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: TagInput & { name: string } }): Promise<TagRow> => {
  const id = await db.transaction(async (tx) => {
    const parentTagId = input.parentTagId ? Number(input.parentTagId) : null;
    if (parentTagId !== null) await checkParent({ db: tx, companyId, dataset, tagId: null, parentTagId });
    const columns = { name: input.name, parentTagId, externalIds: input.externalIds ?? {} };
    const [row] = await tx
      .insert(tags)
      .values({ ...columns, companyId, dataset })
      .returning({ id: tags.id });
    await writeMembers({ db: tx, companyId, dataset, tagId: row.id, input });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "tag.created",
      target: { type: "tag", id: row.id },
      changes: { ...changedFields({ before: null, after: columns }), ...memberChanges(input) },
    });
    return row.id;
  });
  return getTag({ db, companyId, dataset, tagId: id });
};

/**
 * Changes one of the tenant's tags. `patch` (JSON merge patch) changes only the fields given;
 * `replace` (PUT) also clears the parent and the members it leaves out. 404 for another tenant's tag.
 */
export const updateTag = async ({
  db,
  companyId,
  dataset,
  tagId,
  input,
  mode,
  actor,
}: TenantQuery & Audited & { tagId: number; input: TagInput; mode: "patch" | "replace" }): Promise<TagRow> => {
  const given: TagInput = mode === "replace" ? { parentTagId: null, vehicles: [], drivers: [], ...input } : input;
  await db.transaction(async (tx) => {
    const tenantTag = and(whereTenant(tags, { companyId, dataset }), eq(tags.id, tagId));
    const [before] = await tx.select().from(tags).where(tenantTag).for("update");
    if (!before) throw new AppError("not_found", `No tag with id ${tagId}.`);
    const parentTagId = given.parentTagId === undefined ? undefined : given.parentTagId === null ? null : Number(given.parentTagId);
    if (parentTagId) await checkParent({ db: tx, companyId, dataset, tagId, parentTagId });
    const columns = { name: given.name, parentTagId, externalIds: given.externalIds };
    await tx
      .update(tags)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(tenantTag);
    await writeMembers({ db: tx, companyId, dataset, tagId, input: given });
    const changes = { ...changedFields({ before, after: columns }), ...memberChanges(given) };
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "tag.updated", target: { type: "tag", id: tagId }, changes });
  });
  return getTag({ db, companyId, dataset, tagId });
};

/**
 * Deletes one of the tenant's tags and its memberships (the vehicles and drivers stay). Its child
 * tags move up to its own parent, so the rest of the tree keeps its shape.
 */
export const deleteTag = async ({ db, companyId, dataset, tagId, actor }: TenantQuery & Audited & { tagId: number }): Promise<void> => {
  await db.transaction(async (tx) => {
    const tenantTag = and(whereTenant(tags, { companyId, dataset }), eq(tags.id, tagId));
    const [before] = await tx.select().from(tags).where(tenantTag).for("update");
    if (!before) throw new AppError("not_found", `No tag with id ${tagId}.`);
    await tx
      .update(tags)
      .set({ parentTagId: before.parentTagId })
      .where(and(whereTenant(tags, { companyId, dataset }), eq(tags.parentTagId, tagId)));
    await tx.delete(tagVehicles).where(and(eq(tagVehicles.companyId, companyId), eq(tagVehicles.tagId, tagId)));
    await tx.delete(tagDrivers).where(and(eq(tagDrivers.companyId, companyId), eq(tagDrivers.tagId, tagId)));
    await tx.delete(tags).where(tenantTag);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "tag.deleted",
      target: { type: "tag", id: tagId },
      changes: changedFields({ before: null, after: { name: before.name } }),
    });
  });
};
