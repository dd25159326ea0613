"use client";

import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useActionForm } from "@/components/ui/use-action-form";
import { useTimeZone } from "@/components/ui/time-zone";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { changeOwnPasswordAction } from "./actions";

type Account = { name: string; email: string; role: string; companyName: string; lastSignInAt: string | null };

/** Account: who you are, your last sign-in, and changing your own password. */
export const AccountPageClient = ({ account }: { account: Account }) => {
  const timeZone = useTimeZone();
  const form = useActionForm(changeOwnPasswordAction);
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
        <dd data-testid="last-sign-in">
          {account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt, timeZone)}</time> : "Never"}
        </dd>
      </dl>
      <form key={form.resetKey} className="form form-panel" {...form.props} aria-label="Change password" noValidate>
        <h2>Change password</h2>
        <Field label="Current password" error={form.error("currentPassword")} errorId="currentPassword-error">
          <input name="currentPassword" type="password" autoComplete="current-password" maxLength={200} required {...form.invalid("currentPassword")} />
        </Field>
        <Field label="New password" hint="At least 12 characters." error={form.error("newPassword")} errorId="newPassword-error">
          <input name="newPassword" type="password" autoComplete="new-password" maxLength={200} required {...form.invalid("newPassword")} />
        </Field>
        <Field label="New password again" error={form.error("confirm")} errorId="confirm-error">
          <input name="confirm" type="password" autoComplete="new-password" maxLength={200} required {...form.invalid("confirm")} />
        </Field>
        {form.message && (
          <p role={form.state?.ok ? "status" : "alert"} className={form.state?.ok ? "muted" : "form-error"}>
            {form.message}
          </p>
        )}
        <div className="form-actions">
          <SubmitButton label="Change password" pendingLabel="Saving…" pending={form.pending} worksWithoutScript />
        </div>
      </form>
    </section>
  );
};
