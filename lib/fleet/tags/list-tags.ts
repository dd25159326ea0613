import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";

type Ref = { id: number; name: string };

export type TagRow = {
  id: number;
  name: string;
  parentTag: Ref | null;
  externalIds: Record<string, string>;
  vehicles: Ref[];
  drivers: Ref[];
};

type ListTagsOptions = TenantQuery & {
  tagIds?: readonly number[];
  /** Keyset position: tags with a larger id. */
  afterId?: number;
  limit: number;
};

// Members in id order, archived vehicles left out (they leave every live list). The tenant as values
// in each subquery: Citus keeps the read on one shard only with the tenant's literal in every filter.
const members = ({ companyId, dataset }: Omit<TenantQuery, "db">) => sql`
  coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name) order by v.id) from tag_vehicles tv
    join vehicles v on v.company_id = tv.company_id and v.id = tv.vehicle_id
    where tv.company_id = ${companyId} and tv.tag_id = t.id and v.dataset = ${dataset} and v.archived_at is null), '[]') as vehicles,
  coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.id) from tag_drivers td
    join drivers d on d.company_id = td.company_id and d.id = td.driver_id
    where td.company_id = ${companyId} and td.tag_id = t.id and d.dataset = ${dataset}), '[]') as drivers`;

/** The tenant's tags in id order (keyset pages) with their parent and members. */
export const listTags = async ({ db, companyId, dataset, tagIds, afterId, limit }: ListTagsOptions): Promise<TagRow[]> => {
  const ids = tagIds ? sql`and t.id = any(${intArray(tagIds)})` : sql``;
  const after = afterId === undefined ? sql`` : sql`and t.id > ${afterId}`;
  const rows = await queryRows<{
    id: number;
    name: string;
    parent_id: number | null;
    parent_name: string | null;
    external_ids: Record<string, string>;
    vehicles: Ref[] | string;
    drivers: Ref[] | string;
  }>(
    db,
    sql`select t.id, t.name, p.id as parent_id, p.name as parent_name, t.external_ids, ${members({ companyId, dataset })}
        from tags t left join tags p on p.company_id = t.company_id and p.id = t.parent_tag_id
        where t.company_id = ${companyId} and t.dataset = ${dataset} ${ids} ${after}
        order by t.id limit ${limit}`,
  );
  const refs = (value: Ref[] | string): Ref[] =>
    (typeof value === "string" ? (JSON.parse(value) as Ref[]) : value).map((ref) => ({ id: Number(ref.id), name: ref.name }));
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    parentTag: row.parent_id === null ? null : { id: Number(row.parent_id), name: row.parent_name ?? "" },
    externalIds: row.external_ids,
    vehicles: refs(row.vehicles),
    drivers: refs(row.drivers),
  }));
};
