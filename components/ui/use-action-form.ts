"use client";

import { useActionState } from "react";

/** What a form's server action answers: ok, or a message and the fields it is about. */
export type ActionFormState = { ok: true; message?: string } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** A server action as a `<form action>` takes it: the previous answer (null at first) and the form's fields. */
export type FormAction<State extends ActionFormState> = (previous: State | null, form: FormData) => Promise<State>;

/**
 * The one way a form talks to its server action: `<form action={form.action}>` posts (method=POST)
 * to the action with or without the page's script, so a submit before hydration works and puts
 * nothing in the URL; once hydrated, React submits it without a page load. `pending`, the message
 * and each field's error come from the action's answer, which a page rendered after a script-less
 * post shows too.
 */
export const useActionForm = <State extends ActionFormState>(serverAction: FormAction<State>) => {
  const [state, action, pending] = useActionState<State | null, FormData>(serverAction, null);
  const fieldErrors: Record<string, string> = state && !state.ok ? state.fieldErrors : {};
  return {
    action,
    state,
    pending,
    message: state?.message ?? null,
    error: (field: string): string | undefined => fieldErrors[field],
    /** The input's aria attributes: invalid, and described by its error (`<field>-error`). */
    invalid: (field: string) => (fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {}),
  };
};
