import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { companies, ingestTokens, type Dataset } from "@/db/schema";
import { operatorActor, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { getSecret } from "@/lib/platform/config";
import { randomBase62, sha256Hex } from "@/lib/platform/crypto";
import { AppError } from "@/lib/platform/errors";
import { readBearerToken } from "@/lib/platform/http/route-context";
import type { Tenant, TenantQuery } from "@/lib/platform/tenant";

const TOKEN_PREFIX = "ing_";
/** How much of a token the list shows: the prefix and four characters, never enough to use it. */
const VISIBLE_START_LENGTH = TOKEN_PREFIX.length + 4;

export type IngestTokenSummary = { id: number; name: string; start: string; dataset: Dataset; createdAt: Date; revokedAt: Date | null };

/**
 * Creates an ingestion token for one company and dataset; the plaintext is returned this once, only
 * its hash and visible start are stored. A given `token` that exists already is left as it is (id null).
 */
export const createIngestToken = ({
  db,
  companyId,
  dataset,
  name,
  actor,
  token = `${TOKEN_PREFIX}${randomBase62(32)}`,
}: TenantQuery & { name: string; actor: AuditActor; token?: string }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ingestTokens)
      .values({ companyId, dataset, name, hash: sha256Hex(token), start: token.slice(0, VISIBLE_START_LENGTH) })
      .onConflictDoNothing()
      .returning({ id: ingestTokens.id });
    if (row)
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "ingest_token.created",
        target: { type: "ingest_token", id: row.id },
        changes: { name: { before: null, after: name }, dataset: { before: null, after: dataset } },
      });
    return { id: row?.id ?? null, token };
  });

/** The company's tokens (both datasets), newest first, without secrets. */
export const listIngestTokens = ({ db, companyId }: { db: Executor; companyId: number }): Promise<IngestTokenSummary[]> =>
  db
    .select({
      id: ingestTokens.id,
      name: ingestTokens.name,
      start: ingestTokens.start,
      dataset: ingestTokens.dataset,
      createdAt: ingestTokens.createdAt,
      revokedAt: ingestTokens.revokedAt,
    })
    .from(ingestTokens)
    .where(eq(ingestTokens.companyId, companyId))
    .orderBy(desc(ingestTokens.id));

/** Revokes one of the company's tokens: the next request with it is refused (every request looks its token up). 404 for another company's or a revoked one. */
export const revokeIngestToken = ({ db, companyId, id, actor }: { db: Executor; companyId: number; id: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(ingestTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(ingestTokens.id, id), eq(ingestTokens.companyId, companyId), isNull(ingestTokens.revokedAt)))
      .returning({ name: ingestTokens.name });
    if (!row) throw new AppError("not_found", `No active ingest token with id ${id}.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "ingest_token.revoked",
      target: { type: "ingest_token", id },
      changes: { name: { before: row.name, after: null } },
    });
  });

/** The tenant of `Authorization: Bearer <ingest token>`: one indexed lookup per request, so a revocation applies at once. */
export const authenticateIngestToken = async ({ db, request }: { db: Executor; request: Request }): Promise<Tenant> => {
  const token = readBearerToken(request);
  if (!token) throw new AppError("unauthorized", "Missing ingest token: send Authorization: Bearer <ingest token>.");
  const [row] = await queryRows<{ company_id: number; dataset: Dataset }>(
    db,
    sql`select company_id, dataset from ingest_tokens where hash = ${sha256Hex(token)} and revoked_at is null`,
  );
  if (!row) throw new AppError("unauthorized", "Invalid ingest token.");
  return { companyId: Number(row.company_id), dataset: row.dataset };
};

/** Gives Demo Fleet's live fleet the SEED_INGEST_TOKEN (idempotent; also for databases seeded before tokens existed). */
export const seedIngestToken = async ({ db }: { db: Executor }) => {
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Demo Fleet"));
  if (!demo) return null;
  const token = getSecret("SEED_INGEST_TOKEN");
  await createIngestToken({ db, companyId: demo.id, dataset: "live", name: "Demo gateway", token, actor: operatorActor("demo seed") });
  return token;
};
