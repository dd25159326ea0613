import { and, eq } from "drizzle-orm";
import { forgetOnDatabaseChange, getDb, type Executor } from "@/db/client";
import { companies, users, type Role } from "@/db/schema";
import { getConfig } from "@/lib/platform/config";
import { BoundedCache } from "@/lib/platform/bounded-memo";
import type { SessionUser } from "./session-user";

/** What a session's JWT carries: the user when they signed in, and the session version then. */
export type SessionClaims = SessionUser & { sessionVersion?: number };

type CurrentUser = { name: string; role: Role; status: string; sessionVersion: number; companyName: string };
type Entry = { user: CurrentUser | null; readAt: number };

const readUser = async (db: Executor, { id, companyId }: SessionClaims): Promise<CurrentUser | null> => {
  const [row] = await db
    .select({ name: users.name, role: users.role, status: users.status, sessionVersion: users.sessionVersion, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
  return row ?? null;
};

/**
 * Decides whether a session is still good, reading its user's status and session version from the
 * database at most once every SESSION_CHECK_SECONDS (≤ 60) per process: a user deactivated (or whose
 * password was reset) on any instance is refused by every instance within that bound. The role and
 * name come from the database too, so a role change applies within the same bound.
 * One checker per process; tests make their own to stand for another instance, and pass `now`.
 */
export const createSessionCheck = () => {
  const cache = new BoundedCache<number, Entry>(10_000);
  return {
    /** The session's user as they are now, or null when the session no longer counts. */
    check: async ({
      db = getDb(),
      claims,
      now = Date.now(),
      intervalMs = getConfig().SESSION_CHECK_SECONDS * 1000,
    }: {
      db?: Executor;
      claims: SessionClaims;
      now?: number;
      intervalMs?: number;
    }): Promise<SessionUser | null> => {
      let entry = cache.get(claims.id);
      if (!entry || now - entry.readAt >= intervalMs) {
        entry = { user: await readUser(db, claims), readAt: now };
        cache.set(claims.id, entry);
      }
      const { user } = entry;
      if (!user || user.status !== "active" || user.sessionVersion !== (claims.sessionVersion ?? 0)) return null;
      return { id: claims.id, email: claims.email, companyId: claims.companyId, name: user.name, role: user.role, companyName: user.companyName };
    },
    /** Drops what this process knows of a user after changing them, so this instance applies it at once. */
    forget: (userId: number) => cache.delete(userId),
    forgetAll: () => cache.clear(),
  };
};

/** This process's checker: what it read of the users belongs to the database it read them from. */
export const sessionCheck = createSessionCheck();
forgetOnDatabaseChange(sessionCheck.forgetAll);
