"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useState, type FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { Field, FieldError } from "@/components/ui/form-field";
import { ROLES } from "@/db/schema";
import { addUserAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

type Added = Extract<Awaited<ReturnType<typeof addUserAction>>, { ok: true }>;

export const AddUserForm = ({ onAdded, onCancel }: { onAdded: (added: Added) => void; onCancel: () => void }) => {
  const { run, pending: isPending, message, failed, fieldErrors: errors } = useActionCall();
  const [access, setAccess] = useState<"invite" | "password">("invite");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      email: String(form.get("email") ?? ""),
      name: String(form.get("name") ?? ""),
      role: String(form.get("role") ?? ""),
      access,
      password: access === "password" ? String(form.get("password") ?? "") : undefined,
    };
    run(
      () => addUserAction(body),
      (added) => onAdded(added),
    );
  };
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <form className="form form-panel" onSubmit={submit} aria-label="Add user" noValidate>
      <h2>Add user</h2>
      <div className="form-row">
        <Field label="E-mail" hint="They sign in with it." error={errors.email} errorId="email-error">
          <input name="email" type="email" autoComplete="off" maxLength={200} required autoFocus {...invalid("email")} />
        </Field>
        <Field label="Name (optional)" hint="They can set it when they accept the invite." error={errors.name} errorId="name-error">
          <input name="name" maxLength={120} {...invalid("name")} />
        </Field>
        <Field label="Role" error={errors.role} errorId="role-error">
          <select name="role" defaultValue="dispatcher" {...invalid("role")}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="choice-group">
        <legend>How they get in</legend>
        <label className="choice">
          <input type="radio" name="access" value="invite" checked={access === "invite"} onChange={() => setAccess("invite")} /> An invite link (they choose
          their password; valid 7 days)
        </label>
        <label className="choice">
          <input type="radio" name="access" value="password" checked={access === "password"} onChange={() => setAccess("password")} /> A password I set now
        </label>
      </fieldset>
      {access === "password" && (
        <Field label="Password" hint="At least 12 characters; tell it to them yourself." error={errors.password} errorId="password-error">
          <input name="password" type="password" autoComplete="new-password" maxLength={200} {...invalid("password")} />
        </Field>
      )}
      <FieldError id="form-error" message={errors.access} />
      {failed && message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton label={access === "invite" ? "Invite" : "Add user"} pendingLabel="Adding…" pending={isPending} />
        <ClientButton className="button" onClick={onCancel}>
          Cancel
        </ClientButton>
      </div>
    </form>
  );
};
