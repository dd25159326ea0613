import type { ReactNode } from "react";

/** A field's error under it, referenced by the input's aria-describedby. */
export const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;

/** A labelled field with an optional hint and error (`errorId` is what the input's aria-describedby names). */
export const Field = ({ label, hint, error, errorId, children }: { label: string; hint?: string; error?: string; errorId: string; children: ReactNode }) => (
  <label>
    {label}
    {children}
    {hint && <span className="field-hint">{hint}</span>}
    <FieldError id={errorId} message={error} />
  </label>
);
