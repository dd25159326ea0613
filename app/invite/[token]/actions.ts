"use server";

// Public: the token is the credential (one-time, hashed, 7 days); acceptInvite checks it in its transaction.
import { actionFailure, fieldsOf, passwordsDiffer, requestFacts } from "@/app/_server/action-results";
import { signInAndGo } from "@/app/_server/sign-in";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { authenticateUser } from "@/lib/auth/authenticate-user";
import { acceptInvite } from "@/lib/users/accept-invite";

/** Sets the invited person's name and password, then signs them in with it and opens the live map. */
export const acceptInviteAction = async (token: unknown, _previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const differ = passwordsDiffer(form, "password");
  if (differ) return differ;
  const { name = "", password = "" } = fieldsOf(form);
  let email: string;
  try {
    ({ email } = await acceptInvite({ token: String(token), input: { name, password }, request: await requestFacts() }));
  } catch (error) {
    return actionFailure(error);
  }
  return signInAndGo({ authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }), wrongCredentials: "Sign in with your new password.", to: "/map" });
};
