/** Why an action refused: a message, and the form fields it is about (a field's message shows next to it). */
export type ActionFailure = { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * What every server action answers: ok with what it made (an id, a secret shown once), or a failure.
 * Forms (components/ui/use-action-form.ts) and buttons read this one shape.
 */
export type ActionResult<Made extends object = object> = ({ ok: true; message?: string } & Made) | ActionFailure;

export const CHECK_FIELDS = "Check the highlighted fields.";

/** The field a domain message names, as `Invalid value for "password"`: the message goes under that field. */
export const quotedField = (message: string): string | undefined => /"(\w+)"/.exec(message)?.[1];
