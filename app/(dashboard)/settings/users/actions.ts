"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal, e.g. a manager's crafted call making an admin, is recorded as `user.denied`) before
// touching a user of the admin's own company.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/http";
import { addUser, reissueInvite } from "@/lib/users/add-user";
import { sendPasswordReset } from "@/lib/users/password-reset";
import { updateUser } from "@/lib/users/update-user";
import { inviteUserSchema, passwordSchema } from "@/lib/users/user-input";

const PAGE = "/settings/users";

type Failure = { ok: false; message: string; fieldErrors: Record<string, string> };
/** A one-time link for the dashboard to show once (and whether it also went out by mail). */
export type IssuedLink = { url: string; expiresAt: string; mailed: boolean };
export type AddUserResult = { ok: true; email: string; invite: IssuedLink | null } | Failure;
export type UserActionResult = { ok: true } | Failure;
export type LinkActionResult = { ok: true; link: IssuedLink } | Failure;

const addUserFormSchema = inviteUserSchema.extend({
  name: z.preprocess((value) => (value === "" ? undefined : value), inviteUserSchema.shape.name),
  access: z.enum(["invite", "password"]),
  password: z.string().optional(),
});

/** The signed-in admin as the audit log's actor; `target` names the user a refusal was about. */
const signedInAdmin = async (target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "manageUsers", actor, denied: { action: "user.denied", target: { type: "user", id: target } } });
  return { companyId: user.companyId, actor };
};

const failure = (error: unknown): Failure => ({ ok: false, message: toAppError(error, newRequestId()).message, fieldErrors: {} });

const toIssued = (link: { url: string; expiresAt: Date; mailed: boolean }): IssuedLink => ({ ...link, expiresAt: link.expiresAt.toISOString() });

/** A crafted call may send anything: ids are checked first. */
const readId = (value: unknown) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", "Give a numeric user id.");
  return value;
};

/** Invites a user (a one-time link, shown once) or creates them with a password the admin chose. */
export const addUserAction = async (input: unknown): Promise<AddUserResult> => {
  try {
    const { companyId, actor } = await signedInAdmin("new");
    const parsed = addUserFormSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: fieldErrorsFromZod(parsed.error) };
    const { access, password, ...fields } = parsed.data;
    if (access === "password") {
      const checked = passwordSchema.safeParse(password ?? "");
      if (!checked.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors: { password: checked.error.issues[0].message } };
    }
    const added = await addUser({ companyId, input: fields, password: access === "password" ? password : undefined, actor });
    revalidatePath(PAGE);
    return { ok: true, email: added.user.email, invite: added.invite && toIssued(added.invite) };
  } catch (error) {
    const appError = toAppError(error, newRequestId());
    return { ok: false, message: appError.message, fieldErrors: appError.code === "conflict" ? { email: appError.message } : {} };
  }
};

/** Changes a user's role, or deactivates or reactivates them (`{ role }` or `{ status }`). */
export const updateUserAction = async (userId: unknown, change: unknown): Promise<UserActionResult> => {
  try {
    const id = readId(userId);
    const { companyId, actor } = await signedInAdmin(id);
    await updateUser({ companyId, userId: id, input: change, actor });
    revalidatePath(PAGE);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

/** A password-reset link for an active user (1 hour, once), shown once and mailed when mail is set up. */
export const sendPasswordResetAction = async (userId: unknown): Promise<LinkActionResult> => {
  try {
    const id = readId(userId);
    const { companyId, actor } = await signedInAdmin(id);
    const link = await sendPasswordReset({ companyId, userId: id, actor });
    revalidatePath(PAGE);
    return { ok: true, link: toIssued(link) };
  } catch (error) {
    return failure(error);
  }
};

/** A fresh invite link for a user who has not accepted yet; the old link stops working. */
export const reissueInviteAction = async (userId: unknown): Promise<LinkActionResult> => {
  try {
    const id = readId(userId);
    const { companyId, actor } = await signedInAdmin(id);
    const link = await reissueInvite({ companyId, userId: id, actor });
    revalidatePath(PAGE);
    return { ok: true, link: toIssued(link) };
  } catch (error) {
    return failure(error);
  }
};
