"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/access/actions";

/** What a form's server action answers (the one ActionResult of app/_server/define-action.ts): ok, or a message and the fields it is about. */
export type ActionFormState = ActionResult;

/** A server action as a `<form action>` takes it: the previous answer (null at first) and the form's fields. */
export type FormAction<State extends ActionFormState> = (previous: State | null, form: FormData) => Promise<State>;

/**
 * The one way a form talks to its server action: `<form {...form.props}>`. In the server's HTML the
 * form posts (method=POST) to the action, so a submit before hydration, or without a script, works
 * and puts nothing in the URL; once hydrated, the submit handler sends the same fields without a
 * page load and without React's reset of the form after an action, so what the person typed stays
 * next to its errors. `pending`, the message and each field's error come from the action's answer,
 * which a page rendered after a script-less post shows too.
 */
export const useActionForm = <State extends ActionFormState>(serverAction: FormAction<State>) => {
  const [state, action, pending] = useActionState<State | null, FormData>(serverAction, null);
  const fieldErrors: Record<string, string> = state && !state.ok ? state.fieldErrors : {};
  // What the form sent, when the action echoes it (a page rendered after a post without the script starts from it).
  const sent = state && !state.ok ? state.values : undefined;
  // Counts the accepted submits (React's pattern for state from the previous render), for a form that empties itself after one.
  const [seen, setSeen] = useState(state);
  const [accepted, setAccepted] = useState(0);
  if (seen !== state) {
    setSeen(state);
    if (state?.ok) setAccepted(accepted + 1);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => action(fields));
  };
  return {
    props: { action, onSubmit },
    state,
    pending,
    /** A `key` for a form that starts empty again after each accepted submit (a password change). */
    resetKey: accepted,
    message: state?.message ?? null,
    /** A failure's message when it names no field (a form that shows each field's error beside it, not again on top). */
    formError: state && !state.ok && Object.keys(fieldErrors).length === 0 ? state.message : null,
    /**
     * An input's starting value: what was sent before a failed post the action echoed (`echo` of
     * defineAction), else the stored one. Once hydrated the form is never reset, so this only
     * decides what a page rendered after a script-less post shows.
     */
    typed: {
      value: (field: string, stored: string): string => (sent ? (sent[field]?.[0] ?? "") : stored),
      values: (field: string, stored: string[]): string[] => (sent ? (sent[field] ?? []) : stored),
      checked: (field: string, stored: boolean): boolean => (sent ? sent[field]?.[0] === "on" : stored),
    },
    error: (field: string): string | undefined => fieldErrors[field],
    /** The input's aria attributes: invalid, and described by its error (`<field>-error`). */
    invalid: (field: string) => (fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {}),
  };
};
