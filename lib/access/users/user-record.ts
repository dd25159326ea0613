import { users } from "@/db/schema";

/** The columns a user is shown with (never the password hash). */
export const USER_COLUMNS = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  name: users.name,
  role: users.role,
  status: users.status,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

export type UserRow = {
  id: number;
  companyId: number;
  email: string;
  name: string;
  role: (typeof users.$inferSelect)["role"];
  status: (typeof users.$inferSelect)["status"];
  lastSignInAt: Date | null;
  createdAt: Date;
};
