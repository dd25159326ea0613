import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";

export type TagFilter = { tagIds?: readonly number[]; parentTagIds?: readonly number[] };

/** Whose ids a tag filter resolves to: the vehicles (not archived) or the drivers carrying a matched tag. */
export type TagMembers = "vehicles" | "drivers";

const isEmpty = ({ tagIds = [], parentTagIds = [] }: TagFilter) => tagIds.length === 0 && parentTagIds.length === 0;

/**
 * `matched(id)`: the tenant's tags the filter matches, each given tag with all its descendants, as a
 * CTE to select from (the tenant's literal keeps Citus on one shard).
 */
const matchedTags = ({ companyId, dataset, tagIds = [], parentTagIds = [] }: Omit<TenantQuery, "db"> & TagFilter) =>
  sql`with recursive matched(id) as (
        select id from tags where company_id = ${companyId} and dataset = ${dataset} and id = any(${intArray([...tagIds, ...parentTagIds])})
        union
        select c.id from tags c join matched on c.parent_tag_id = matched.id where c.company_id = ${companyId} and c.dataset = ${dataset}
      )`;

/**
 * The tag ids a `tagIds` / `parentTagIds` filter matches: each given tag with all its descendants,
 * under either name (a tag covers its child tags, as an alert's tag scope does: issue #38).
 * Undefined when neither filter is given (no filtering); ids the tenant does not have match nothing.
 */
export const resolveTagFilter = async ({ db, ...filter }: TenantQuery & TagFilter): Promise<number[] | undefined> => {
  if (isEmpty(filter)) return undefined;
  const rows = await queryRows<{ id: number }>(db, sql`${matchedTags(filter)} select id from matched`);
  return rows.map((row) => Number(row.id));
};

/**
 * The vehicles (not archived: they leave every live list) or drivers carrying a tag the filter
 * matches (resolveTagFilter's reading), in id order, in one statement. Undefined when neither
 * filter is given; an empty list when nothing matches.
 */
export const resolveTagMembers = async ({ db, members, ...filter }: TenantQuery & TagFilter & { members: TagMembers }): Promise<number[] | undefined> => {
  if (isEmpty(filter)) return undefined;
  const { companyId, dataset } = filter;
  const select =
    members === "vehicles"
      ? sql`select distinct tv.vehicle_id as id from tag_vehicles tv join vehicles v on v.company_id = tv.company_id and v.id = tv.vehicle_id
            where tv.company_id = ${companyId} and tv.tag_id in (select id from matched) and v.company_id = ${companyId} and v.dataset = ${dataset}
              and v.archived_at is null`
      : sql`select distinct td.driver_id as id from tag_drivers td join drivers d on d.company_id = td.company_id and d.id = td.driver_id
            where td.company_id = ${companyId} and td.tag_id in (select id from matched) and d.company_id = ${companyId} and d.dataset = ${dataset}`;
  const rows = await queryRows<{ id: number }>(db, sql`${matchedTags(filter)} ${select} order by id`);
  return rows.map((row) => Number(row.id));
};
