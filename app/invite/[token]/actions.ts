"use server";

// Public: the token is the credential (one-time, hashed, 7 days); acceptInvite checks it in its transaction.
import { z } from "zod";
import { fieldsOf, requestFacts } from "@/app/_server/action-results";
import { definePublicAction } from "@/app/_server/define-action";
import { newPasswordSchema } from "@/app/_server/new-password";
import { signInAndGo } from "@/app/_server/sign-in";
import { quotedField } from "@/lib/access/actions";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { acceptInvite } from "@/lib/access/users/accept-invite";

/** Sets the invited person's name and password, then signs them in with it and opens the live map. */
export const acceptInviteAction = definePublicAction(
  {
    input: newPasswordSchema("password", { token: z.string(), name: z.string().default("") }),
    args: (token: unknown, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), token: String(token) }),
    errorField: (error) => quotedField(error.message),
  },
  async ({ input: { token, name, password } }) => {
    const { email } = await acceptInvite({ token, input: { name, password }, request: await requestFacts() });
    return signInAndGo({
      authenticate: async (ip) => ({ user: await authenticateUser({ email, password, ip }) }),
      wrongCredentials: "Sign in with your new password.",
      to: "/map",
    });
  },
);
