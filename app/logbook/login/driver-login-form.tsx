"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { driverSignInAction } from "./actions";

/** The driver's sign-in: the username the carrier gave them (filled in from their logbook link) and the password or PIN set on their driver page. */
export const DriverLoginForm = ({ username = "" }: { username?: string }) => {
  const form = useActionForm(driverSignInAction);
  return (
    <form {...form.props} className="form">
      <label>
        Username
        <input name="username" autoComplete="username" autoCapitalize="none" required autoFocus={!username} defaultValue={username} />
      </label>
      <label>
        Password or PIN
        <input name="secret" type="password" autoComplete="current-password" required autoFocus={Boolean(username)} />
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
