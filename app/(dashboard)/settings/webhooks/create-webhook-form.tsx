"use client";

import { useState, useTransition, type FormEvent } from "react";
import { Field, FieldError } from "@/components/ui/form-field";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";
import { createWebhookAction, type CreateWebhookResult } from "./actions";
import { FormActions } from "@/components/ui/form-actions";

type Created = Extract<CreateWebhookResult, { ok: true }>["created"];

export const CreateWebhookForm = ({ onCreated, onCancel }: { onCreated: (created: Created) => void; onCancel: () => void }) => {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: String(form.get("name") ?? ""), url: String(form.get("url") ?? ""), eventTypes: form.getAll("eventTypes").map(String) };
    startTransition(async () => {
      const result = await createWebhookAction(body);
      if (result.ok) onCreated(result.created);
      else {
        setErrors(result.fieldErrors);
        setMessage(result.message);
      }
    });
  };
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <form className="form form-panel" onSubmit={submit} aria-label="Add webhook" noValidate>
      <h2>Add webhook</h2>
      <div className="form-row">
        <Field label="Name" hint="What receives the events, e.g. “Dispatch system”." error={errors.name} errorId="name-error">
          <input name="name" maxLength={255} required autoFocus {...invalid("name")} />
        </Field>
        <Field label="URL" hint="https://… on the public internet; the service POSTs JSON to it." error={errors.url} errorId="url-error">
          <input name="url" type="url" inputMode="url" maxLength={2000} required {...invalid("url")} />
        </Field>
      </div>
      <fieldset className="choice-group" {...invalid("eventTypes")}>
        <legend>Events (none checked: every event)</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="choice">
            <input type="checkbox" name="eventTypes" value={type} /> {type}
          </label>
        ))}
        <FieldError id="eventTypes-error" message={errors.eventTypes} />
      </fieldset>
      <FormActions message={message} isPending={isPending} submitLabel="Add webhook" pendingLabel="Adding…" onCancel={onCancel} />
    </form>
  );
};
