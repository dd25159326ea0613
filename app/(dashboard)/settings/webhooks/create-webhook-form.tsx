"use client";

import { Field, FieldError } from "@/components/ui/form-field";
import { FormActions } from "@/components/ui/form-actions";
import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import { useActionForm } from "@/components/ui/use-action-form";
import { WEBHOOK_EVENT_TYPES } from "@/lib/outbound/webhooks/webhook-events";
import { createWebhookAction } from "./actions";

/** The add form; it posts without the page's script too, and the new signing secret is then shown once, in place of the form. */
export const CreateWebhookForm = ({ onClose }: { onClose: () => void }) => {
  const form = useActionForm(createWebhookAction);
  if (form.state?.ok) {
    return (
      <SecretRevealDialog
        title="Your webhook's signing secret"
        secret={form.state.created.secretKey}
        testId="new-webhook-secret"
        confirmLabel="I have copied the secret"
        onClose={onClose}
        warning={
          <>
            <strong>Copy this secret now.</strong> Your receiver needs it to check the <code>X-Samsara-Signature</code> header; it will not be shown in full
            again.
          </>
        }
      />
    );
  }
  return (
    <form className="form form-panel" {...form.props} aria-label="Add webhook" noValidate>
      <h2>Add webhook</h2>
      <div className="form-row">
        <Field label="Name" hint="What receives the events, e.g. “Dispatch system”." error={form.error("name")} errorId="name-error">
          <input name="name" maxLength={255} required autoFocus {...form.invalid("name")} />
        </Field>
        <Field label="URL" hint="https://… on the public internet; the service POSTs JSON to it." error={form.error("url")} errorId="url-error">
          <input name="url" type="url" inputMode="url" maxLength={2000} required {...form.invalid("url")} />
        </Field>
      </div>
      <fieldset className="choice-group" {...form.invalid("eventTypes")}>
        <legend>Events (none checked: every event)</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="choice">
            <input type="checkbox" name="eventTypes" value={type} /> {type}
          </label>
        ))}
        <FieldError id="eventTypes-error" message={form.error("eventTypes")} />
      </fieldset>
      <FormActions message={form.message} isPending={form.pending} submitLabel="Add webhook" pendingLabel="Adding…" onCancel={onClose} worksWithoutScript />
    </form>
  );
};
