"use server";

// A server action is a public endpoint: it acts on the session's own user only, whatever it is sent.
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { actionFailure, fieldsOf, passwordsDiffer } from "@/app/_server/action-results";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { changeOwnPassword } from "@/lib/users/change-own-password";
import { signOutEverywhere } from "@/lib/users/sign-out-everywhere";
import { redirect } from "next/navigation";

/** Changes the signed-in user's own password; the current one is required. */
export const changeOwnPasswordAction = async (_previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const differ = passwordsDiffer(form, "newPassword");
  if (differ) return differ;
  const { currentPassword = "", newPassword = "" } = fieldsOf(form);
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const actor = await sessionActor(user);
    await authorizeAction({ user, action: "changeOwnPassword", actor, denied: { action: "user.denied", target: { type: "user", id: user.id } } });
    await changeOwnPassword({ companyId: user.companyId, userId: user.id, input: { currentPassword, newPassword }, actor });
    return { ok: true, message: "Your password was changed." };
  } catch (error) {
    return actionFailure(error);
  }
};

/**
 * Ends every session and admin token of the signed-in user, this one too (a plain form post: works
 * without JavaScript), then shows the sign-in page. Any signed-in user may end their own sessions: no role check.
 */
export const signOutEverywhereAction = async (): Promise<void> => {
  const user = await getSessionUser();
  if (user) {
    await signOutEverywhere({ companyId: user.companyId, userId: user.id, actor: await sessionActor(user) });
  }
  redirect("/login");
};
