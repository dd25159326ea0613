"use server";

// Public: the token is the credential (one-time, hashed, 1 hour); resetPasswordWithLink checks it in its transaction.
import { actionFailure, fieldsOf, passwordsDiffer, requestFacts } from "@/app/_server/action-results";
import { signInAndGo } from "@/app/_server/sign-in";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { authenticateUser } from "@/lib/auth/authenticate-user";
import { resetPasswordWithLink } from "@/lib/users/accept-invite";

/** Sets the new password from a reset link, then signs in with it and opens the live map. */
export const resetPasswordAction = async (token: unknown, _previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  const differ = passwordsDiffer(form, "password");
  if (differ) return differ;
  const { password = "" } = fieldsOf(form);
  let email: string;
  try {
    ({ email } = await resetPasswordWithLink({ token: String(token), input: { password }, request: await requestFacts() }));
  } catch (error) {
    return actionFailure(error);
  }
  return signInAndGo({ authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }), wrongCredentials: "Sign in with your new password.", to: "/map" });
};
