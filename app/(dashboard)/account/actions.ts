"use server";

// A server action is a public endpoint: each goes through defineAction and acts on the session's own
// user only, whatever it is sent.
import { redirect } from "next/navigation";
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { asFormPost, defineAction } from "@/app/_server/define-action";
import { newPasswordSchema } from "@/app/_server/new-password";
import { quotedField } from "@/lib/access/actions";
import { changeOwnPassword } from "@/lib/access/users/change-own-password";
import { signOutEverywhere } from "@/lib/access/users/sign-out-everywhere";

/** Changes the signed-in user's own password; the current one is required. */
export const changeOwnPasswordAction = defineAction(
  {
    action: "changeOwnPassword",
    denied: { action: "user.denied", target: "user", id: (_raw, user) => user.id },
    input: newPasswordSchema("newPassword", { currentPassword: z.string().default("") }),
    args: formFields,
    errorField: (error) => quotedField(error.message),
  },
  async ({ input: { currentPassword, newPassword }, tenant: { companyId }, user, actor }) => {
    await changeOwnPassword({ companyId, userId: user.id, input: { currentPassword, newPassword }, actor });
    return { message: "Your password was changed." };
  },
);

/**
 * Ends every session and admin token of the signed-in user, this one too (a plain form post: works
 * without JavaScript), then shows the sign-in page. Any signed-in user may end their own sessions: no role check.
 */
export const signOutEverywhereAction = asFormPost(
  defineAction({ input: z.unknown(), redirects: { signedOut: "/login", forbidden: "/forbidden" } }, async ({ user, actor }) => {
    await signOutEverywhere({ companyId: user.companyId, userId: user.id, actor });
    redirect("/login");
  }),
);
