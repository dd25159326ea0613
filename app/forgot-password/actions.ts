"use server";

// Public: answers the same whoever asks, so it cannot tell who has an account.
import { requestFacts } from "@/app/_server/action-results";
import { getConfig } from "@/lib/config";
import { requestPasswordReset } from "@/lib/users/password-reset";

export const forgotPasswordAction = async (email: unknown): Promise<{ done: true }> => {
  await requestPasswordReset({ email: String(email), ip: (await requestFacts()).ip, mailConfigured: Boolean(getConfig().SMTP_URL) });
  return { done: true };
};
