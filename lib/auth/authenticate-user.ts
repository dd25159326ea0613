import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { companies, users, type Role } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { takeToken } from "@/lib/rate-limit";
import { verifyPassword } from "./password";

export type AuthenticatedUser = { id: number; email: string; name: string; role: Role; companyId: number; companyName: string; sessionVersion: number };

// Five tries, then one more every 3 minutes per account; twenty per address, then one every 30 s.
const PER_ACCOUNT = { capacity: 5, refillPerSecond: 1 / 180 };
const PER_ADDRESS = { capacity: 20, refillPerSecond: 1 / 30 };

/**
 * Checks an email and password (dashboard sign-in and the admin token endpoint share it). Repeated
 * attempts per account and per address are throttled with 429 before any password is checked.
 * Only active users sign in; a successful sign-in is recorded as the user's last sign-in.
 */
export const authenticateUser = async ({ email, password, ip }: { email: string; password: string; ip: string | null }): Promise<AuthenticatedUser> => {
  const db = getDb();
  const normalizedEmail = email.trim().toLowerCase();
  const limits = await Promise.all([
    takeToken({ db, key: `signin:account:${normalizedEmail}`, rule: PER_ACCOUNT }),
    takeToken({ db, key: `signin:ip:${ip ?? "unknown"}`, rule: PER_ADDRESS }),
  ]);
  const blocked = limits.find((limit) => !limit.allowed);
  if (blocked) {
    throw new AppError("rate_limited", `Too many sign-in attempts. Try again in ${blocked.retryAfterSeconds} seconds.`, {
      headers: { "Retry-After": String(blocked.retryAfterSeconds) },
    });
  }
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
    .where(eq(users.email, normalizedEmail));
  const valid = await verifyPassword(password, row?.passwordHash);
  // A deactivated or still-invited user gets the same answer as a wrong password: nothing to probe.
  if (!row || !valid || row.status !== "active") throw new AppError("unauthorized", "Wrong email or password.");
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, row.id));
  const { passwordHash: _hash, status: _status, ...user } = row;
  return user;
};
