import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { tags, tagVehicles } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";

type ScopedRule = { id: number; vehicleIds: number[]; tagIds: number[] };

/** Each tag with every tag under it (Samsara: a rule scoped to a tag covers its sub-tags' vehicles). */
const withDescendants = (roots: readonly number[], parentOf: ReadonlyMap<number, number | null>) => {
  const children = new Map<number, number[]>();
  for (const [id, parent] of parentOf) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  const found = new Set<number>();
  const visit = (id: number) => {
    if (found.has(id)) return;
    found.add(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  roots.forEach(visit);
  return found;
};

/**
 * Whether a rule watches a vehicle, for the vehicles of one batch: every vehicle when the rule names
 * neither vehicles nor tags, else the listed vehicles and those carrying one of its tags or a tag
 * under them, as tagged now (a vehicle tagged later is watched from its next sample).
 */
export const ruleScopeFor = async ({ db, tenant, rules, vehicleIds }: { db: Executor; tenant: Tenant; rules: readonly ScopedRule[]; vehicleIds: readonly number[] }) => {
  const tagged = rules.filter((rule) => rule.tagIds.length > 0);
  const tagsOfVehicle = new Map<number, Set<number>>();
  const ruleTags = new Map<number, Set<number>>();
  if (tagged.length > 0 && vehicleIds.length > 0) {
    const tree = await db.select({ id: tags.id, parentTagId: tags.parentTagId }).from(tags).where(whereTenant(tags, tenant));
    const parentOf = new Map(tree.map((tag) => [tag.id, tag.parentTagId]));
    for (const rule of tagged) ruleTags.set(rule.id, withDescendants(rule.tagIds, parentOf));
    const memberships = await db
      .select({ tagId: tagVehicles.tagId, vehicleId: tagVehicles.vehicleId })
      .from(tagVehicles)
      .where(and(eq(tagVehicles.companyId, tenant.companyId), inArray(tagVehicles.vehicleId, [...vehicleIds])));
    for (const { tagId, vehicleId } of memberships) tagsOfVehicle.set(vehicleId, (tagsOfVehicle.get(vehicleId) ?? new Set()).add(tagId));
  }
  return (rule: ScopedRule, vehicleId: number) => {
    if (rule.vehicleIds.length === 0 && rule.tagIds.length === 0) return true;
    if (rule.vehicleIds.includes(vehicleId)) return true;
    const covered = ruleTags.get(rule.id);
    return covered !== undefined && [...(tagsOfVehicle.get(vehicleId) ?? [])].some((tagId) => covered.has(tagId));
  };
};
