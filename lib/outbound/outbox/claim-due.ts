import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";

/** The outbox tables: rows with `company_id`, `id`, `status` ('pending' until done) and `next_attempt_at`. */
export type OutboxTable = "webhook_deliveries" | "mail_outbox";

/** A claimed row is not claimed again for this long: an attempt's time limit, with room. */
export const LEASE_MS = 60_000;

type DueOfCompany<Row> = (tx: Executor, options: { companyId: number; now: Date; limit: number }) => Promise<Row[]>;

/** The companies with a row due (no lock: each company's rows are then claimed on its own shard). */
const findCompaniesWithDueRows = (db: Executor, table: OutboxTable, now: Date) =>
  queryRows<{ company_id: number }>(
    db,
    sql`select distinct company_id from ${sql.identifier(table)} where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz`,
  );

/** Pushes the rows' next attempt a lease ahead: an instance killed mid-attempt leaves them to be retried. */
const lease = (tx: Executor, { table, companyId, ids, now }: { table: OutboxTable; companyId: number; ids: number[]; now: Date }) =>
  tx.execute(
    sql`update ${sql.identifier(table)} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        where company_id = ${companyId} and id = any(${`{${ids.join(",")}}`}::bigint[])`,
  );

/**
 * Claims up to `limit` due rows of an outbox, company by company: `dueOfCompany` selects one
 * company's due rows `FOR UPDATE SKIP LOCKED` (instances never share one), and they are leased in the
 * same transaction. One company at a time because Citus locks rows only in a query on one shard
 * (every table here is filtered on the tenant's company_id).
 */
export const claimDueRows = async <Row extends { id: number }>({
  db,
  table,
  now,
  limit,
  dueOfCompany,
}: {
  db: Executor;
  table: OutboxTable;
  now: Date;
  limit: number;
  dueOfCompany: DueOfCompany<Row>;
}) => {
  const claimed: Row[] = [];
  for (const { company_id: companyId } of await findCompaniesWithDueRows(db, table, now)) {
    if (claimed.length >= limit) break;
    const rows = await db.transaction(async (tx) => {
      const due = await dueOfCompany(tx, { companyId, now, limit: limit - claimed.length });
      if (due.length > 0) await lease(tx, { table, companyId, ids: due.map((row) => row.id), now });
      return due;
    });
    claimed.push(...rows);
  }
  return claimed;
};

/** The clause every `dueOfCompany` query shares: the company's pending rows whose attempt is due. */
export const dueClause = ({ alias, companyId, now }: { alias: string; companyId: number; now: Date }): SQL =>
  sql`${sql.identifier(alias)}.company_id = ${companyId} and ${sql.identifier(alias)}.status = 'pending' and ${sql.identifier(alias)}.next_attempt_at
    <= ${now.toISOString()}::timestamptz`;
