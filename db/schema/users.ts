import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { createdAt } from "./columns";

export const ROLES = ["admin", "manager", "dispatcher"] as const;
export type Role = (typeof ROLES)[number];

/** People who sign in to the dashboard (and admins who obtain admin-interface tokens). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);
