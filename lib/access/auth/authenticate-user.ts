import { eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { companies, users, type Role } from "@/db/schema";
import { anonymousActor, recordRefusal } from "@/lib/platform/audit";
import { AppError, isAppError } from "@/lib/platform/errors";
import { verifyPassword } from "../../platform/credentials/password";
import { reserveSignInAttempt } from "../../platform/credentials/sign-in-throttle";

export type AuthenticatedUser = { id: number; email: string; name: string; role: Role; companyId: number; companyName: string; sessionVersion: number };

const findUser = async (db: Executor, email: string) => {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      status: users.status,
      sessionVersion: users.sessionVersion,
      passwordHash: users.passwordHash,
      companyId: users.companyId,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email));
  return row;
};

/** A refused sign-in in the account's company's audit log (one row per account, address and minute); an unknown e-mail has no company to tell. */
const recordRefusedSignIn = async (db: Executor, user: { id: number; companyId: number } | undefined, ip: string | null, error: AppError) => {
  if (!user) return;
  const throttled = error.code === "rate_limited";
  await recordRefusal({
    db,
    companyId: user.companyId,
    actor: anonymousActor({ name: "Sign-in attempt", ip }),
    action: throttled ? "user.sign_in_throttled" : "user.sign_in_failed",
    target: { type: "user", id: user.id },
    subject: ip ?? "unknown",
    reason: throttled ? "Too many wrong passwords: refused before the password was checked." : "Wrong password, or the account is not active.",
  });
};

/**
 * Checks an email and password (dashboard sign-in and the admin token endpoint share it). Failed
 * attempts are throttled per account and address, per account and per address (lib/platform/credentials/sign-in-throttle.ts:
 * 429 before any password is checked); failed and throttled attempts on an existing account are
 * audited. Only active users sign in; a successful sign-in is recorded as the user's last sign-in.
 */
export const authenticateUser = async ({ email, password, ip }: { email: string; password: string; ip: string | null }): Promise<AuthenticatedUser> => {
  const db = getDb();
  const normalizedEmail = email.trim().toLowerCase();
  let row: Awaited<ReturnType<typeof findUser>> | undefined;
  try {
    const attempt = await reserveSignInAttempt({ db, kind: "signin", account: normalizedEmail, ip });
    row = await findUser(db, normalizedEmail);
    const valid = await verifyPassword(password, row?.passwordHash);
    // A deactivated or still-invited user gets the same answer as a wrong password: nothing to probe.
    if (!row || !valid || row.status !== "active") throw new AppError("unauthorized", "Wrong email or password.");
    await attempt.succeeded();
    await db
      .update(users)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(users.id, row.id));
    const { passwordHash: _hash, status: _status, ...user } = row;
    return user;
  } catch (error) {
    if (isAppError(error) && (error.code === "unauthorized" || error.code === "rate_limited")) {
      await recordRefusedSignIn(db, row ?? (await findUser(db, normalizedEmail)), ip, error);
    }
    throw error;
  }
};
