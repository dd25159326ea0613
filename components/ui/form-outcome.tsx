import type { ActionResult } from "@/lib/access/actions";

/**
 * A small form's answer under it (a form without an input of its own for each field): a failure is
 * announced with the fields it is about, a success's message is read as status.
 */
export const FormOutcome = ({ state, savedClassName = "muted" }: { state: ActionResult | null; savedClassName?: string }) => {
  if (!state?.message) return null;
  if (state.ok)
    return (
      <p role="status" className={savedClassName}>
        {state.message}
      </p>
    );
  const fields = Object.entries(state.fieldErrors);
  return (
    <p role="alert" className="form-error">
      {fields.length === 0 ? state.message : fields.map(([field, error]) => `Invalid value for "${field}": ${error}`).join(" ")}
    </p>
  );
};
