import { SubmitButton } from "./submit-button";
import { ClientButton } from "./client-button";

type FormActionsProps = {
  message?: string | null;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  /** The form posts to a server action (useActionForm); otherwise submit waits for the page's script (SubmitButton). */
  worksWithoutScript?: boolean;
};

/** The end of a dialog's form: the form's error (announced), then submit (busy while pending) and cancel. */
export const FormActions = ({ message, isPending, submitLabel, pendingLabel, onCancel, worksWithoutScript }: FormActionsProps) => (
  <>
    {message && (
      <p role="alert" className="form-error">
        {message}
      </p>
    )}
    <div className="form-actions">
      <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={isPending} worksWithoutScript={worksWithoutScript} />
      <ClientButton className="button" onClick={onCancel}>
        Cancel
      </ClientButton>
    </div>
  </>
);
