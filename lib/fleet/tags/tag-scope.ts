import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows } from "@/db/rows";
import { tags } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

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
 * The vehicles each rule (an alert rule, a maintenance program) covers, for one batch: null (every vehicle) when the rule names neither
 * vehicles nor tags, else the listed vehicles and those carrying one of its tags or a tag under them,
 * as tagged now (a vehicle tagged later is watched from its next sample). The members of the rules'
 * tags are read as one array a tag, and each rule's vehicles made a set once a batch.
 */
export const ruleScopeFor = async ({ db, tenant, rules }: { db: Executor; tenant: Tenant; rules: readonly ScopedRule[] }) => {
  const watched = new Map(rules.filter((rule) => rule.vehicleIds.length > 0).map((rule) => [rule.id, new Set(rule.vehicleIds)]));
  const tagged = rules.filter((rule) => rule.tagIds.length > 0);
  if (tagged.length > 0) {
    const tree = await db.select({ id: tags.id, parentTagId: tags.parentTagId }).from(tags).where(whereTenant(tags, tenant));
    const parentOf = new Map(tree.map((tag) => [tag.id, tag.parentTagId]));
    const coveredOf = new Map(tagged.map((rule) => [rule.id, withDescendants(rule.tagIds, parentOf)]));
    const covered = [...new Set(tagged.flatMap((rule) => [...coveredOf.get(rule.id)!]))];
    const members = new Map(
      (
        await queryRows<{ tag_id: number; vehicle_ids: number[] }>(
          db,
          sql`select tag_id, array_agg(vehicle_id) as vehicle_ids from tag_vehicles where company_id = ${tenant.companyId} and tag_id =
            any(${intArray(covered)}) group by tag_id`,
        )
      ).map((row) => [row.tag_id, row.vehicle_ids]),
    );
    for (const rule of tagged) {
      const vehicles = watched.get(rule.id) ?? new Set<number>();
      for (const tagId of coveredOf.get(rule.id)!) for (const vehicleId of members.get(tagId) ?? []) vehicles.add(vehicleId);
      watched.set(rule.id, vehicles);
    }
  }
  return (rule: ScopedRule): ReadonlySet<number> | null => watched.get(rule.id) ?? null;
};
