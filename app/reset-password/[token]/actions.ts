"use server";

// Public: the token is the credential (one-time, hashed, 1 hour); resetPasswordWithLink checks it in its transaction.
import { actionFailure, requestFacts } from "@/app/_server/action-results";
import { resetPasswordWithLink } from "@/lib/users/accept-invite";

export const resetPasswordAction = async (token: unknown, input: unknown) => {
  try {
    const { email } = await resetPasswordWithLink({ token: String(token), input, request: await requestFacts() });
    return { ok: true as const, email };
  } catch (error) {
    return actionFailure(error);
  }
};
