"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { signInAction } from "./actions";

/** Posts to the sign-in action, so a submit before the script has loaded signs in too (and never puts the password in the URL). */
export const LoginForm = () => {
  const form = useActionForm(signInAction);
  return (
    <form {...form.props} className="form">
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {form.message && (
        <p role="alert" className="form-error">
          {form.message}
        </p>
      )}
      <SubmitButton label="Sign in" pendingLabel="Signing in…" pending={form.pending} worksWithoutScript />
    </form>
  );
};
