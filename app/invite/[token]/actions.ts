"use server";

// Public: the token is the credential (one-time, hashed, 7 days); acceptInvite checks it in its transaction.
import { actionFailure, requestFacts } from "@/app/_server/action-results";
import { acceptInvite } from "@/lib/users/accept-invite";

export const acceptInviteAction = async (token: unknown, input: unknown) => {
  try {
    const { email } = await acceptInvite({ token: String(token), input, request: await requestFacts() });
    return { ok: true as const, email };
  } catch (error) {
    return actionFailure(error);
  }
};
