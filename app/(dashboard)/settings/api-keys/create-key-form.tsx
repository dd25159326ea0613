"use client";

import { Field, FieldError } from "@/components/ui/form-field";
import { FormActions } from "@/components/ui/form-actions";
import { useTimeZone } from "@/components/ui/time-zone";
import { useActionForm } from "@/components/ui/use-action-form";
import { SCOPE_GROUPS } from "@/lib/access/api-keys/scopes";
import { createApiKeyAction } from "./actions";
import { RevealKeyDialog } from "./reveal-key-dialog";

/**
 * The create form; the server reads it as the admin API's body (POST /api/v2/api-keys). It posts
 * without the page's script too; the new key is then shown once, in place of the form.
 */
export const CreateKeyForm = ({ onClose }: { onClose: () => void }) => {
  const timeZone = useTimeZone();
  const form = useActionForm(createApiKeyAction);
  if (form.state?.ok) return <RevealKeyDialog apiKey={form.state.created} onClose={onClose} />;
  return (
    <form className="form form-panel" {...form.props} aria-label="Create API key" noValidate>
      <h2>Create key</h2>
      <div className="form-row">
        <Field label="Name" hint="Who or what uses the key, e.g. “Routing partner”." error={form.error("name")} errorId="name-error">
          <input name="name" maxLength={100} required autoFocus {...form.invalid("name")} />
        </Field>
        <fieldset className="choice-group" {...form.invalid("environment")}>
          <legend>Environment</legend>
          <label className="choice">
            <input type="radio" name="environment" value="live" defaultChecked /> Live <span className="muted">— svc_live_, your live fleet</span>
          </label>
          <label className="choice">
            <input type="radio" name="environment" value="test" /> Sandbox <span className="muted">— svc_test_, the sandbox fleet only</span>
          </label>
          <FieldError id="environment-error" message={form.error("environment")} />
        </fieldset>
      </div>

      <fieldset className="choice-group" {...form.invalid("scopes")}>
        <legend>Scopes</legend>
        <div className="scope-groups">
          {SCOPE_GROUPS.map((group) => (
            <div key={group.area} className="scope-group" role="group" aria-label={group.area}>
              <div className="scope-group-title">{group.area}</div>
              {group.scopes.map(({ scope, allows }) => (
                <div key={scope} className="choice">
                  <input id={`scope-${scope}`} type="checkbox" name="scopes" value={scope} aria-describedby={`scope-${scope}-allows`} />
                  <span>
                    <label htmlFor={`scope-${scope}`}>
                      <code>{scope}</code>
                    </label>
                    <span id={`scope-${scope}-allows`} className="field-hint">
                      {allows}
                    </span>
                  </span>
                </div>
              ))}
            </div>
          ))}
        </div>
        <FieldError id="scopes-error" message={form.error("scopes")} />
      </fieldset>

      <div className="form-row">
        <Field
          label="IP allowlist (optional)"
          hint="One IPv4/IPv6 address or CIDR per line. Empty allows any address."
          error={form.error("ipAllowlist")}
          errorId="ipAllowlist-error"
        >
          <textarea name="ipAllowlist" rows={3} placeholder={"203.0.113.0/24\n2001:db8::1"} {...form.invalid("ipAllowlist")} />
        </Field>
        <Field
          label="Expires (optional)"
          hint={`In ${timeZone}. Empty means the key does not expire.`}
          error={form.error("expiresAt")}
          errorId="expiresAt-error"
        >
          <input type="datetime-local" name="expiresAt" {...form.invalid("expiresAt")} />
        </Field>
      </div>

      <FormActions message={form.message} isPending={form.pending} submitLabel="Create key" pendingLabel="Creating…" onCancel={onClose} worksWithoutScript />
    </form>
  );
};
