import { z } from "zod";
import { ROLES, type Role } from "@/db/schema";
import type { UserRow } from "@/lib/access/users/user-record";
import { idSchema } from "./common";

/**
 * Samsara's user roles, as this service has them: its three roles, each with a stable id (the
 * role's own name) that `roles[].roleId` takes when creating or updating a user.
 */
export const USER_ROLES: readonly { id: Role; name: string }[] = [
  { id: "admin", name: "Admin" },
  { id: "manager", name: "Manager" },
  { id: "dispatcher", name: "Dispatcher" },
];

export const userRoleSchema = z.object({ id: z.enum(ROLES), name: z.string() }).meta({ id: "UserRole" });

export const userSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    authType: z.literal("default").meta({ description: "Always `default` (e-mail and password): this service has no SAML." }),
    roles: z.array(z.object({ role: userRoleSchema })).meta({ description: "One organization-wide role; no tag-specific roles." }),
  })
  .meta({ id: "User" });

export type UserRecord = z.output<typeof userSchema>;

const roleRecord = (role: Role) => USER_ROLES.find((candidate) => candidate.id === role)!;

/** Samsara's user object. */
export const presentUser = (row: UserRow): UserRecord => ({
  id: String(row.id),
  name: row.name,
  email: row.email,
  authType: "default",
  roles: [{ role: roleRecord(row.role) }],
});
