import { cloneElement, type ReactElement } from "react";

/** A field's error under it, referenced by the input's aria-describedby. */
export const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;

type Described = { "aria-describedby"?: string };

/**
 * A labelled field with an optional hint and error. The label holds only the label text and the
 * control, so the control's accessible name is the label; the hint (id `<errorId without -error>-hint`)
 * and the error (`errorId`, which the control names when invalid) sit under it and are the control's
 * description (aria-describedby), joined to what the control already names.
 */
export const Field = ({
  label,
  hint,
  error,
  errorId,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  errorId: string;
  children: ReactElement<Described>;
}) => {
  const hintId = `${errorId.replace(/-error$/, "")}-hint`;
  const describedBy = [children.props["aria-describedby"], hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="labelled-field">
      <label>
        {label}
        {cloneElement(children, { "aria-describedby": describedBy })}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
};
