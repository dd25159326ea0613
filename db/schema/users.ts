import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { createdAt, utc } from "./columns";

export const ROLES = ["admin", "manager", "dispatcher"] as const;
export type Role = (typeof ROLES)[number];

/** `invited`: has not set a password yet (cannot sign in); `deactivated`: signed out within 60 s and refused at sign-in. */
export const USER_STATUSES = ["active", "invited", "deactivated"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** People who sign in to the dashboard (and admins who obtain admin-interface tokens). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Null while the user is invited (no password chosen yet). */
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull(),
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    /**
     * Sessions carry the version they were signed in with; raising it (deactivation, a password
     * reset) ends every open session at its next check (docs/decisions.md "Sessions").
     */
    sessionVersion: integer("session_version").notNull().default(0),
    lastSignInAt: utc("last_sign_in_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email), index("users_company_idx").on(t.companyId, t.id)],
);

export const USER_LINK_PURPOSES = ["invite", "password_reset"] as const;
export type UserLinkPurpose = (typeof USER_LINK_PURPOSES)[number];

/**
 * One-time links sent to people: invites (7 days) and password resets (1 hour). Only the SHA-256
 * hash of the link's token is stored; `used_at` makes a link work once.
 */
export const userLinks = pgTable(
  "user_links",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: USER_LINK_PURPOSES }).notNull(),
    hash: text("hash").notNull(),
    expiresAt: utc("expires_at").notNull(),
    usedAt: utc("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_links_hash_idx").on(t.hash), index("user_links_user_idx").on(t.userId)],
);
