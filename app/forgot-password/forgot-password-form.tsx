"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { forgotPasswordAction } from "./actions";

export const ForgotPasswordForm = () => {
  const form = useActionForm(forgotPasswordAction);
  return (
    <form {...form.props} className="form">
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <p role="status" className="muted">
        {form.message}
      </p>
      <SubmitButton label="Send reset link" pendingLabel="Sending…" pending={form.pending} worksWithoutScript />
    </form>
  );
};
