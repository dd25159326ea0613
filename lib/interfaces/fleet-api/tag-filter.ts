import type { z } from "zod";
import type { Executor } from "@/db/client";
import { resolveTagFilter, resolveTagMembers } from "@/lib/fleet/tags/resolve-tag-filter";
import type { Tenant } from "@/lib/platform/tenant";

/** The query parameters Samsara's tag filters take, on every endpoint that documents them. */
export const TAG_FILTER_PARAMS = ["tagIds", "parentTagIds"] as const;

/**
 * What an endpoint's `tagIds` / `parentTagIds` narrow: a list of the query's vehicle or driver ids
 * (to those carrying a matched tag), or for records that carry tags themselves (places) the query's
 * `tagIds` (to every matched tag).
 */
export type TagFilterTarget =
  | { members: "vehicles"; narrows: "vehicleIds" | "assetIds" | "trailerIds" }
  | { members: "drivers"; narrows: "driverIds" }
  | { members: "tags"; narrows: "tagIds" };

type TagFiltered = { tagIds?: readonly number[]; parentTagIds?: readonly number[] };

/**
 * The parsed query with its tag filters applied to `target.narrows`: the ids matched, and of those
 * only the ones the query also names when it names some; an empty list when none match (another
 * company's tag matches nothing). Without a tag filter the query as it is, and no statement.
 */
export const applyTagFilter = async <Q>({ db, tenant, query, target }: { db: Executor; tenant: Tenant; query: Q; target: TagFilterTarget }): Promise<Q> => {
  const { tagIds, parentTagIds } = query as TagFiltered;
  if (!tagIds?.length && !parentTagIds?.length) return query;
  const filter = { db, ...tenant, tagIds, parentTagIds };
  const matched = (target.members === "tags" ? await resolveTagFilter(filter) : await resolveTagMembers({ ...filter, members: target.members })) ?? [];
  const given = target.members === "tags" ? undefined : (query as Record<string, readonly number[] | undefined>)[target.narrows];
  const named = given && new Set(given);
  return { ...query, [target.narrows]: named ? matched.filter((id) => named.has(id)) : matched };
};

/**
 * Throws at definition time when an endpoint's query documents a tag filter it does not apply, or
 * applies one its query lacks: no endpoint can list `tagIds` in OpenAPI and ignore it.
 */
export const checkTagFilter = ({ path, query, target }: { path: string; query: z.ZodObject | undefined; target: TagFilterTarget | undefined }) => {
  const documented = TAG_FILTER_PARAMS.filter((param) => query?.shape[param] !== undefined);
  if (target ? documented.length !== TAG_FILTER_PARAMS.length : documented.length > 0) {
    throw new Error(`${path}: an endpoint documents tagIds and parentTagIds exactly when it declares tagFilter.`);
  }
  if (target && target.members !== "tags" && query?.shape[target.narrows] === undefined)
    throw new Error(`${path}: tagFilter narrows ${target.narrows}, which its query lacks.`);
};
