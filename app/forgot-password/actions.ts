"use server";

// Public: answers the same whoever asks, so it cannot tell who has an account.
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { requestFacts } from "@/app/_server/action-results";
import { definePublicAction } from "@/app/_server/define-action";
import { getConfig } from "@/lib/platform/config";
import { requestPasswordReset } from "@/lib/access/users/password-reset";

export const forgotPasswordAction = definePublicAction(
  { input: z.object({ email: z.string().default("") }), args: formFields },
  async ({ input: { email } }) => {
    await requestPasswordReset({ email, ip: (await requestFacts()).ip, mailConfigured: Boolean(getConfig().SMTP_URL) });
    return { message: "If an active account signs in with that e-mail, a reset link is on its way. It works once, for an hour." };
  },
);
