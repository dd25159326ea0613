/** The end of a dialog's form: the form's error (announced), then submit (busy while pending) and cancel. */
export const FormActions = ({ message, isPending, submitLabel, pendingLabel, onCancel }: { message?: string | null; isPending: boolean; submitLabel: string; pendingLabel: string; onCancel: () => void }) => (
  <>
    {message && (
      <p role="alert" className="form-error">
        {message}
      </p>
    )}
    <div className="form-actions">
      <button type="submit" className="button-primary" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  </>
);
