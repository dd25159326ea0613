"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal, e.g. a manager's crafted call making an admin, is
// recorded as `user.denied`) before touching a user of the admin's own company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { AppError } from "@/lib/platform/errors";
import { addUser, reissueInvite } from "@/lib/access/users/add-user";
import { sendPasswordReset } from "@/lib/access/users/password-reset";
import { updateUser } from "@/lib/access/users/update-user";
import { inviteUserSchema, passwordSchema } from "@/lib/access/users/user-input";

const PAGE = "/settings/users";
const manageUsers = { action: "manageUsers", revalidate: [PAGE] } as const;
const deniedOn = (id?: (raw: unknown) => unknown) => ({ action: "user.denied", target: "user", id }) as const;

/** A one-time link for the dashboard to show once (and whether it also went out by mail). */
export type IssuedLink = { url: string; expiresAt: string; mailed: boolean };

const addUserFormSchema = inviteUserSchema
  .extend({
    name: z.preprocess((value) => (value === "" ? undefined : value), inviteUserSchema.shape.name),
    access: z.enum(["invite", "password"]),
    password: z.string().optional(),
  })
  .superRefine(({ access, password }, context) => {
    if (access !== "password") return;
    const checked = passwordSchema.safeParse(password ?? "");
    if (!checked.success) context.addIssue({ code: "custom", path: ["password"], message: checked.error.issues[0].message });
  });

const toIssued = (link: { url: string; expiresAt: Date; mailed: boolean }): IssuedLink => ({ ...link, expiresAt: link.expiresAt.toISOString() });

const userIdArgs = (userId: unknown) => ({ userId: readId(userId, "user") });
const userIdInput = z.object({ userId: z.number() });

/** Invites a user (a one-time link, shown once) or creates them with a password the admin chose. */
export const addUserAction = defineAction(
  { ...manageUsers, denied: deniedOn(), input: addUserFormSchema, errorField: (error: AppError) => (error.code === "conflict" ? "email" : undefined) },
  async ({ input: { access, password, ...fields }, tenant: { companyId }, actor }) => {
    const added = await addUser({ companyId, input: fields, password: access === "password" ? password : undefined, actor });
    return { email: added.user.email, invite: added.invite && toIssued(added.invite) };
  },
);

/** Changes a user's role, or deactivates or reactivates them (`{ role }` or `{ status }`). */
export const updateUserAction = defineAction(
  {
    ...manageUsers,
    denied: deniedOn((raw) => (raw as { userId: number }).userId),
    input: z.object({ userId: z.number(), change: z.unknown() }),
    args: (userId: unknown, change: unknown) => ({ ...userIdArgs(userId), change }),
  },
  async ({ input: { userId, change }, tenant: { companyId }, actor }) => {
    await updateUser({ companyId, userId, input: change, actor });
  },
);

/** A password-reset link for an active user (1 hour, once), shown once and mailed when mail is set up. */
export const sendPasswordResetAction = defineAction(
  { ...manageUsers, denied: deniedOn((raw) => (raw as { userId: number }).userId), input: userIdInput, args: userIdArgs },
  async ({ input: { userId }, tenant: { companyId }, actor }) => ({ link: toIssued(await sendPasswordReset({ companyId, userId, actor })) }),
);

/** A fresh invite link for a user who has not accepted yet; the old link stops working. */
export const reissueInviteAction = defineAction(
  { ...manageUsers, denied: deniedOn((raw) => (raw as { userId: number }).userId), input: userIdInput, args: userIdArgs },
  async ({ input: { userId }, tenant: { companyId }, actor }) => ({ link: toIssued(await reissueInvite({ companyId, userId, actor })) }),
);
