"use client";

import { useActionState } from "react";

type State = { status: "idle" | "saved" | "error"; message?: string };

/** The password or PIN a driver signs in to the logbook with, set by an admin or manager. */
export const DriverSignInForm = ({ action, username }: { action: (previous: State, form: FormData) => Promise<State>; username: string }) => {
  const [state, submit, pending] = useActionState(action, { status: "idle" });
  return (
    <form action={submit} className="form" aria-label="Logbook sign-in">
      <p className="muted">
        The driver signs in at /logbook/login as <strong>{username}</strong> with a PIN (6 to 12 digits) or a password (8 characters or more).
      </p>
      <label>
        New password or PIN
        <input name="secret" type="password" autoComplete="new-password" required minLength={4} maxLength={128} />
      </label>
      {state.status !== "idle" && (
        <p role={state.status === "error" ? "alert" : "status"} className={state.status === "error" ? "form-error" : "muted"}>
          {state.message}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={pending}>
        Set password or PIN
      </button>
    </form>
  );
};
