"use client";

import { useState, useTransition, type FormEvent } from "react";
import { Field, FieldError } from "@/components/ui/form-field";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";
import { SCOPE_GROUPS } from "@/lib/api-keys/scopes";
import { useTimeZone } from "@/components/ui/time-zone";
import { fromLocalInput } from "@/lib/time-zone/zoned-time";
import { createApiKeyAction } from "./actions";
import { FormActions } from "@/components/ui/form-actions";

type FieldErrors = Record<string, string>;

/** The form as the admin API's body; the server parses it with the same schema as POST /api/v2/api-keys. */
const bodyFrom = (form: FormData, timeZone: string) => {
  const expires = String(form.get("expiresAt") ?? "");
  // datetime-local is a wall-clock time in the company's zone; send the instant it means, in UTC.
  const expiresAt = expires === "" ? undefined : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(expires) ? fromLocalInput(expires, timeZone).toISOString() : expires;
  return {
    name: String(form.get("name") ?? ""),
    scopes: form.getAll("scopes").map(String),
    environment: String(form.get("environment") ?? "live"),
    ipAllowlist: String(form.get("ipAllowlist") ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    expiresAt,
  };
};

export const CreateKeyForm = ({ onCreated, onCancel }: { onCreated: (created: ApiKeyRecord & { key: string }) => void; onCancel: () => void }) => {
  const timeZone = useTimeZone();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyFrom(new FormData(event.currentTarget), timeZone);
    startTransition(async () => {
      const result = await createApiKeyAction(body);
      if (result.ok) {
        onCreated(result.created);
      } else {
        setErrors(result.fieldErrors);
        setMessage(result.message);
      }
    });
  };

  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});

  return (
    <form className="form form-panel" onSubmit={submit} aria-label="Create API key" noValidate>
      <h2>Create key</h2>
      <div className="form-row">
        <Field label="Name" hint="Who or what uses the key, e.g. “Routing partner”." error={errors.name} errorId="name-error">
          <input name="name" maxLength={100} required autoFocus {...invalid("name")} />
        </Field>
        <fieldset className="choice-group" {...invalid("environment")}>
          <legend>Environment</legend>
          <label className="choice">
            <input type="radio" name="environment" value="live" defaultChecked /> Live <span className="muted">— svc_live_, your live fleet</span>
          </label>
          <label className="choice">
            <input type="radio" name="environment" value="test" /> Sandbox <span className="muted">— svc_test_, the sandbox fleet only</span>
          </label>
          <FieldError id="environment-error" message={errors.environment} />
        </fieldset>
      </div>

      <fieldset className="choice-group" {...invalid("scopes")}>
        <legend>Scopes</legend>
        <div className="scope-groups">
          {SCOPE_GROUPS.map((group) => (
            <div key={group.area} className="scope-group" role="group" aria-label={group.area}>
              <div className="scope-group-title">{group.area}</div>
              {group.scopes.map(({ scope, allows }) => (
                <label key={scope} className="choice">
                  <input type="checkbox" name="scopes" value={scope} />
                  <span>
                    <code>{scope}</code>
                    <span className="field-hint">{allows}</span>
                  </span>
                </label>
              ))}
            </div>
          ))}
        </div>
        <FieldError id="scopes-error" message={errors.scopes} />
      </fieldset>

      <div className="form-row">
        <Field label="IP allowlist (optional)" hint="One IPv4/IPv6 address or CIDR per line. Empty allows any address." error={errors.ipAllowlist} errorId="ipAllowlist-error">
          <textarea name="ipAllowlist" rows={3} placeholder={"203.0.113.0/24\n2001:db8::1"} {...invalid("ipAllowlist")} />
        </Field>
        <Field label="Expires (optional)" hint={`In ${timeZone}. Empty means the key does not expire.`} error={errors.expiresAt} errorId="expiresAt-error">
          <input type="datetime-local" name="expiresAt" {...invalid("expiresAt")} />
        </Field>
      </div>

      <FormActions message={message} isPending={isPending} submitLabel="Create key" pendingLabel="Creating…" onCancel={onCancel} />
    </form>
  );
};
