"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm, type FormAction, type ActionFormState } from "@/components/ui/use-action-form";

/**
 * The invite and reset pages' form: (a name, for an invite) a new password twice; the action signs
 * the person in with it and opens the live map. It posts without the page's script too.
 */
export const SetPasswordForm = ({
  askName,
  defaultName,
  submitLabel,
  action,
}: {
  askName: boolean;
  defaultName?: string;
  submitLabel: string;
  action: FormAction<ActionFormState>;
}) => {
  const form = useActionForm(action);
  return (
    <form {...form.props} className="form" noValidate>
      {askName && (
        <Field label="Your name" error={form.error("name")} errorId="name-error">
          <input name="name" defaultValue={defaultName} autoComplete="name" maxLength={120} required {...form.invalid("name")} />
        </Field>
      )}
      <Field label="New password" hint="At least 12 characters." error={form.error("password")} errorId="password-error">
        <input name="password" type="password" autoComplete="new-password" maxLength={200} required {...form.invalid("password")} />
      </Field>
      <Field label="New password again" error={form.error("confirm")} errorId="confirm-error">
        <input name="confirm" type="password" autoComplete="new-password" maxLength={200} required {...form.invalid("confirm")} />
      </Field>
      {form.message && (
        <p role="alert" className="form-error">
          {form.message}
        </p>
      )}
      <SubmitButton label={submitLabel} pendingLabel="Saving…" pending={form.pending} worksWithoutScript />
    </form>
  );
};
