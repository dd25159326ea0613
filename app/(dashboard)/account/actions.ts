"use server";

// A server action is a public endpoint: it acts on the session's own user only, whatever it is sent.
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { actionFailure } from "@/app/_server/action-results";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { changeOwnPassword } from "@/lib/users/change-own-password";
import { signOutEverywhere } from "@/lib/users/sign-out-everywhere";
import { redirect } from "next/navigation";

export type ChangePasswordResult = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Changes the signed-in user's own password; the current one is required. */
export const changeOwnPasswordAction = async (input: unknown): Promise<ChangePasswordResult> => {
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const actor = await sessionActor(user);
    await authorizeAction({ user, action: "changeOwnPassword", actor, denied: { action: "user.denied", target: { type: "user", id: user.id } } });
    await changeOwnPassword({ companyId: user.companyId, userId: user.id, input, actor });
    return { ok: true };
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
