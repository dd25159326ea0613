import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";

/**
 * The tenant's latest committed change sequence (0 before any change). Every row with a seq at or
 * below it is committed: writers bump the counter and insert their rows in one transaction, holding
 * the counter's row lock until commit.
 */
export const getFeedSeq = async ({ db, companyId, dataset }: TenantQuery): Promise<number> => {
  const [row] = await queryRows<{ seq: string | number }>(db, sql`select seq from feed_counters where company_id = ${companyId} and dataset = ${dataset}`);
  return row ? Number(row.seq) : 0;
};
