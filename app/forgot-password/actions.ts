"use server";

// Public: answers the same whoever asks, so it cannot tell who has an account.
import { requestFacts } from "@/app/_server/action-results";
import type { ActionFormState } from "@/components/ui/use-action-form";
import { getConfig } from "@/lib/config";
import { requestPasswordReset } from "@/lib/users/password-reset";

export const forgotPasswordAction = async (_previous: ActionFormState | null, form: FormData): Promise<ActionFormState> => {
  await requestPasswordReset({ email: String(form.get("email") ?? ""), ip: (await requestFacts()).ip, mailConfigured: Boolean(getConfig().SMTP_URL) });
  return { ok: true, message: "If an active account signs in with that e-mail, a reset link is on its way. It works once, for an hour." };
};
