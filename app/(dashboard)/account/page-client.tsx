"use client";

import { useState, useTransition, type FormEvent } from "react";
import { Field } from "@/components/ui/form-field";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatDateTime } from "@/lib/time-zone/zoned-time";
import { changeOwnPasswordAction } from "./actions";

type Account = { name: string; email: string; role: string; companyName: string; lastSignInAt: string | null };

/** Account: who you are, your last sign-in, and changing your own password. */
export const AccountPageClient = ({ account }: { account: Account }) => {
  const timeZone = useTimeZone();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get("newPassword") ?? "");
    if (newPassword !== form.get("confirm")) {
      setErrors({ confirm: "The two passwords differ." });
      setMessage({ ok: false, text: "Check the highlighted fields." });
      return;
    }
    startTransition(async () => {
      const result = await changeOwnPasswordAction({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword });
      setErrors(result.ok ? {} : result.fieldErrors);
      setMessage(result.ok ? { ok: true, text: "Your password was changed." } : { ok: false, text: result.message });
      if (result.ok) formElement.reset();
    });
  };
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Account</h1>
          <p className="muted">Your sign-in details. An admin of {account.companyName} manages your role.</p>
        </div>
      </div>
      <dl className="key-summary">
        <dt>Name</dt>
        <dd>{account.name}</dd>
        <dt>E-mail</dt>
        <dd>{account.email}</dd>
        <dt>Role</dt>
        <dd>{account.role}</dd>
        <dt>Last sign-in</dt>
        <dd data-testid="last-sign-in">{account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt, timeZone)}</time> : "Never"}</dd>
      </dl>
      <form className="form form-panel" onSubmit={submit} aria-label="Change password" noValidate>
        <h2>Change password</h2>
        <Field label="Current password" error={errors.currentPassword} errorId="currentPassword-error">
          <input name="currentPassword" type="password" autoComplete="current-password" maxLength={200} required {...invalid("currentPassword")} />
        </Field>
        <Field label="New password" hint="At least 12 characters." error={errors.newPassword} errorId="newPassword-error">
          <input name="newPassword" type="password" autoComplete="new-password" maxLength={200} required {...invalid("newPassword")} />
        </Field>
        <Field label="New password again" error={errors.confirm} errorId="confirm-error">
          <input name="confirm" type="password" autoComplete="new-password" maxLength={200} required {...invalid("confirm")} />
        </Field>
        {message && (
          <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "form-error"}>
            {message.text}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={isPending}>
            {isPending ? "Saving…" : "Change password"}
          </button>
        </div>
      </form>
    </section>
  );
};
