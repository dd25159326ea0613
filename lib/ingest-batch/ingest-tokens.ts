import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { companies, ingestTokens, type Dataset } from "@/db/schema";
import { getSecret } from "@/lib/config";
import { randomBase62, sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { readBearerToken } from "@/lib/http/route-context";
import type { Tenant } from "@/lib/tenant";

const TOKEN_PREFIX = "ing_";

/** Creates an ingestion token for one company and dataset; the plaintext is returned once, only its hash is stored. */
export const createIngestToken = async ({ db, companyId, dataset, name, token = `${TOKEN_PREFIX}${randomBase62(32)}` }: Tenant & { db: Executor; name: string; token?: string }) => {
  const [row] = await db.insert(ingestTokens).values({ companyId, dataset, name, hash: sha256Hex(token) }).onConflictDoNothing().returning({ id: ingestTokens.id });
  return { id: row?.id ?? null, token };
};

export const revokeIngestToken = async ({ db, companyId, id }: { db: Executor; companyId: number; id: number }) => {
  await db.update(ingestTokens).set({ revokedAt: new Date() }).where(and(eq(ingestTokens.id, id), eq(ingestTokens.companyId, companyId), isNull(ingestTokens.revokedAt)));
};

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
  await createIngestToken({ db, companyId: demo.id, dataset: "live", name: "Demo gateway", token });
  return token;
};
