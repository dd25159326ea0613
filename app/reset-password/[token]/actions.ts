"use server";

// Public: the token is the credential (one-time, hashed, 1 hour); resetPasswordWithLink checks it in its transaction.
import { z } from "zod";
import { fieldsOf, requestFacts } from "@/app/_server/action-results";
import { definePublicAction } from "@/app/_server/define-action";
import { newPasswordSchema } from "@/app/_server/new-password";
import { signInAndGo } from "@/app/_server/sign-in";
import { quotedField } from "@/lib/access/actions";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { resetPasswordWithLink } from "@/lib/access/users/accept-invite";

/** Sets the new password from a reset link, then signs in with it and opens the live map. */
export const resetPasswordAction = definePublicAction(
  {
    input: newPasswordSchema("password", { token: z.string() }),
    args: (token: unknown, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), token: String(token) }),
    errorField: (error) => quotedField(error.message),
  },
  async ({ input: { token, password } }) => {
    const { email } = await resetPasswordWithLink({ token, input: { password }, request: await requestFacts() });
    return signInAndGo({
      authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }),
      wrongCredentials: "Sign in with your new password.",
      to: "/map",
    });
  },
);
