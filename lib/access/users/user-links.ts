import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { userLinks, type UserLinkPurpose } from "@/db/schema";
import { getPublicOrigin } from "@/lib/platform/config";
import { randomBase62, sha256Hex } from "@/lib/platform/crypto";
import { AppError } from "@/lib/platform/errors";

/** Invites last a week; a password reset an hour. */
export const LINK_LIFETIME_MS: Record<UserLinkPurpose, number> = { invite: 7 * 86_400_000, password_reset: 3_600_000 };
const PATHS: Record<UserLinkPurpose, string> = { invite: "/invite", password_reset: "/reset-password" };

/** The address a person opens: PUBLIC_URL (or this machine) + the purpose's page + the token. */
export const userLinkUrl = (purpose: UserLinkPurpose, token: string) => `${getPublicOrigin()}${PATHS[purpose]}/${token}`;

/**
 * Issues a one-time link for a user (inside the caller's transaction). Earlier unused links of the
 * same purpose stop working, so only the newest invite or reset counts. Only the token's SHA-256 is stored.
 */
export const issueUserLink = async ({
  db,
  companyId,
  userId,
  purpose,
  now = new Date(),
}: {
  db: Executor;
  companyId: number;
  userId: number;
  purpose: UserLinkPurpose;
  now?: Date;
}) => {
  await db
    .update(userLinks)
    .set({ usedAt: now })
    .where(and(eq(userLinks.companyId, companyId), eq(userLinks.userId, userId), eq(userLinks.purpose, purpose), isNull(userLinks.usedAt)));
  const token = randomBase62(43);
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await db.insert(userLinks).values({ companyId, userId, purpose, hash: sha256Hex(token), expiresAt });
  return { token, url: userLinkUrl(purpose, token), expiresAt };
};

/** Why a link is refused, in words the link's page shows. */
const REFUSALS = {
  forged: new AppError("not_found", "This link is not valid. Check that you copied all of it, or ask an admin of your company for a new one."),
  used: new AppError("forbidden", "This link was already used. Links work once: ask an admin of your company for a new one."),
  expired: new AppError("forbidden", "This link has expired. Ask an admin of your company for a new one."),
};

/**
 * The link's row if the token is one of ours, of this purpose, unused and unexpired (404 for a
 * forged token, 403 for a used or expired one).
 */
export const findUsableLink = async ({
  db = getDb(),
  token,
  purpose,
  now = new Date(),
}: {
  db?: Executor;
  token: string;
  purpose: UserLinkPurpose;
  now?: Date;
}) => {
  if (!/^[0-9A-Za-z]{20,100}$/.test(token)) throw REFUSALS.forged;
  const [link] = await db
    .select()
    .from(userLinks)
    .where(and(eq(userLinks.hash, sha256Hex(token)), eq(userLinks.purpose, purpose)));
  if (!link) throw REFUSALS.forged;
  if (link.usedAt) throw REFUSALS.used;
  if (link.expiresAt.getTime() <= now.getTime()) throw REFUSALS.expired;
  return link;
};

/**
 * Finds the link and uses it up, in the transaction that acts on it. The update only takes a link
 * nobody used meanwhile (no row lock needed), so two tabs cannot use one link twice: the second is refused.
 */
export const redeemUserLink = async ({ db, token, purpose, now = new Date() }: { db: Executor; token: string; purpose: UserLinkPurpose; now?: Date }) => {
  const link = await findUsableLink({ db, token, purpose, now });
  const taken = await db
    .update(userLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userLinks.companyId, link.companyId), eq(userLinks.id, link.id), isNull(userLinks.usedAt)))
    .returning({ id: userLinks.id });
  if (taken.length === 0) throw REFUSALS.used;
  return link;
};
