"use client";

import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm, type ActionFormState, type FormAction } from "@/components/ui/use-action-form";

/** The password or PIN a driver signs in to the logbook with, set by an admin or manager. */
export const DriverSignInForm = ({ action, username }: { action: FormAction<ActionFormState>; username: string }) => {
  const { props, state, pending, resetKey } = useActionForm(action);
  return (
    <form {...props} key={resetKey} className="form" aria-label="Logbook sign-in">
      <p className="muted">
        The driver signs in at /logbook/login as <strong>{username}</strong> with a PIN (6 to 12 digits) or a password (8 characters or more).
      </p>
      <label>
        New password or PIN
        <input name="secret" type="password" autoComplete="new-password" required minLength={4} maxLength={128} />
      </label>
      <FormOutcome state={state} />
      <button type="submit" className="button-primary" disabled={pending}>
        Set password or PIN
      </button>
    </form>
  );
};
