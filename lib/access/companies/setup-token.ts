import { count, eq, sql } from "drizzle-orm";
import { getDb, type Database, type Executor } from "@/db/client";
import { companies, setupTokens } from "@/db/schema";
import { randomBase62, sha256Hex } from "@/lib/platform/crypto";
import { operatorActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { AdminInput, CompanyInput } from "./company-input";
import { insertCompany } from "./create-company";

const SETUP_TOKEN_TTL_MS = 24 * 3_600_000;
/** Any fixed number: serialises setups so that two submits cannot both find the database empty. */
const SETUP_LOCK = 7_240_316;

const hasCompany = async (db: Executor) => (await db.select({ companies: count() }).from(companies))[0].companies > 0;

/**
 * A new first-run setup token while the database has no company (null once one exists). Only its
 * hash is stored; the token itself goes to the console once.
 */
export const issueSetupToken = async ({ db = getDb(), now = new Date() }: { db?: Executor; now?: Date } = {}) => {
  if (await hasCompany(db)) return null;
  const token = randomBase62(32);
  await db.insert(setupTokens).values({ tokenHash: sha256Hex(token), createdAt: now, expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS) });
  return token;
};

/** Why a token opens no setup, or null when it does: unknown, used, expired, or the service is set up already. */
const refusal = async ({ db, token, now }: { db: Executor; token: string; now: Date }) => {
  const [row] = await db
    .select()
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, sha256Hex(token)));
  if (!row) return "This setup link is not valid.";
  if (row.usedAt) return "This setup link has been used already. Sign in instead.";
  if (row.expiresAt <= now) return "This setup link has expired. Restart the service for a new one.";
  if (await hasCompany(db)) return "This service is set up already. Sign in instead.";
  return null;
};

/** Whether `token` opens the setup page (the page answers 403 otherwise). */
export const checkSetupToken = async ({ db = getDb(), token, now = new Date() }: { db?: Executor; token: string; now?: Date }) => ({
  refusedBecause: await refusal({ db, token, now }),
});

type CompleteSetupOptions = { db?: Database; token: string; company: CompanyInput; admin: AdminInput; now?: Date };

/**
 * Creates the first company and its admin and spends the token, in one transaction: a used,
 * expired or forged token is a 403, and of two submits of one token only the first creates anything.
 */
export const completeSetup = ({ db = getDb(), token, company, admin, now = new Date() }: CompleteSetupOptions) =>
  db.transaction(async (tx) => {
    // Two submits of one token wait here in turn; the second then finds the token used.
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const refused = await refusal({ db: tx, token, now });
    if (refused) throw new AppError("forbidden", refused);
    const created = await insertCompany({ db: tx, input: { ...company, planTier: "Standard", modules: [] }, admin, actor: operatorActor("first-run setup") });
    await tx
      .update(setupTokens)
      .set({ usedAt: now })
      .where(eq(setupTokens.tokenHash, sha256Hex(token)));
    return created;
  });
