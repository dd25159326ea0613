import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/tenant";

export type TagFilter = { tagIds?: readonly number[]; parentTagIds?: readonly number[] };

/**
 * The tag ids a `tagIds` / `parentTagIds` filter matches, as Samsara reads them: `tagIds` as given,
 * each parent tag with all its descendants. Undefined when neither filter is given (no filtering);
 * ids the tenant does not have match nothing.
 */
export const resolveTagFilter = async ({ db, companyId, dataset, tagIds = [], parentTagIds = [] }: TenantQuery & TagFilter): Promise<number[] | undefined> => {
  if (tagIds.length === 0 && parentTagIds.length === 0) return undefined;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive tree(id) as (
          select id from tags where company_id = ${companyId} and dataset = ${dataset} and id = any(${intArray(parentTagIds)})
          union
          select c.id from tags c join tree on c.parent_tag_id = tree.id where c.company_id = ${companyId} and c.dataset = ${dataset}
        )
        select id from tree
        union
        select id from tags where company_id = ${companyId} and dataset = ${dataset} and id = any(${intArray(tagIds)})`,
  );
  return rows.map((row) => Number(row.id));
};
