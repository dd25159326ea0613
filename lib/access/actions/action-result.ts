/** A posted form's text fields by name, each with its values in order (a multiple select sends several). */
export type FormValues = Record<string, string[]>;

/**
 * Why an action refused: a message, and the form fields it is about (a field's message shows next to
 * it); `values`, what the form sent, when its definition echoes them (a form posted without the script).
 */
export type ActionFailure = { ok: false; message: string; fieldErrors: Record<string, string>; values?: FormValues };

/**
 * What every server action answers: ok with what it made (an id, a secret shown once), or a failure.
 * Forms (components/ui/use-action-form.ts) and buttons read this one shape.
 */
export type ActionResult<Made extends object = object> = ({ ok: true; message?: string } & Made) | ActionFailure;

export const CHECK_FIELDS = "Check the highlighted fields.";

/** The field a domain message names, as `Invalid value for "password"`: the message goes under that field. */
export const quotedField = (message: string): string | undefined => /"(\w+)"/.exec(message)?.[1];
