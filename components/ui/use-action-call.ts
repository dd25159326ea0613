"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/access/actions";

type Success<Made extends object> = Extract<ActionResult<Made>, { ok: true }>;
type Outcome<Made extends object> = { result: ActionResult<Made> | null; message: string | null };

/**
 * The one way a button, dialog or script-built body calls a server action (a page form posts with
 * useActionForm instead): `run` calls it in a transition; `pending`, the answer, its message and
 * each field's error come back here. The buttons stay ClientButtons (disabled until hydrated).
 * `refresh`: after each success the page's server data is fetched again (the change shows).
 */
export const useActionCall = <Made extends object = object>({ refresh = false }: { refresh?: boolean } = {}) => {
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome<Made>>({ result: null, message: null });
  const [pending, startTransition] = useTransition();
  const fieldErrors: Record<string, string> = outcome.result && !outcome.result.ok ? outcome.result.fieldErrors : {};
  return {
    /**
     * Calls the action. On success `done` does what follows (refresh, close, show a secret) and may
     * return the message to show; otherwise the action's own message is shown. A failure shows its message.
     */
    run: <Answer extends object = Made>(call: () => Promise<ActionResult<Answer>>, done?: (made: Success<Answer>) => string | void) =>
      startTransition(async () => {
        const result = await call();
        const message = result.ok ? (done?.(result as Success<Answer>) ?? result.message ?? null) : result.message;
        if (result.ok && refresh) router.refresh();
        // The hook's Made types `result` for a component that calls one action; a component calling several reads what `done` gets.
        setOutcome({ result: result as unknown as ActionResult<Made>, message });
      }),
    pending,
    /** The last answer (null before any, or after `clear`). */
    result: outcome.result,
    /** What to show: a failure's message, a success's, or one the page gave to `refuse`. */
    message: outcome.message,
    failed: outcome.result?.ok === false,
    fieldErrors,
    error: (field: string): string | undefined => fieldErrors[field],
    /** Shows a refusal the page decides itself (nothing chosen yet), as a failure without a call. */
    refuse: (message: string) => setOutcome({ result: { ok: false, message, fieldErrors: {} }, message }),
    clear: () => setOutcome({ result: null, message: null }),
  };
};
