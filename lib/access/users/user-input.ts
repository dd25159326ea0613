import { z } from "zod";
import { ROLES } from "@/db/schema";
import { adminInputSchema } from "@/lib/access/companies/company-input";

export const roleSchema = z.enum(ROLES, { error: `Must be one of ${ROLES.join(", ")}.` });
export const userNameSchema = z.string().trim().min(1, "Give the person's name.").max(120, "At most 120 characters.");
export const userEmailSchema = adminInputSchema.shape.email;
/** The one password rule (12–200 characters), shared with the first admin's. */
export const passwordSchema = adminInputSchema.shape.password;

/** A new user, invited by link: the name may wait for the invite page (the e-mail stands in until then). */
export const inviteUserSchema = z.strictObject({ email: userEmailSchema, role: roleSchema, name: userNameSchema.optional() });
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** What an admin may change about a user; `status` deactivates or reactivates. */
export const userChangeSchema = z.strictObject({
  name: userNameSchema.optional(),
  role: roleSchema.optional(),
  status: z.enum(["active", "deactivated"], { error: "Must be active or deactivated." }).optional(),
});
export type UserChange = z.input<typeof userChangeSchema>;
