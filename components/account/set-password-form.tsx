"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Field } from "@/components/ui/form-field";

type Submit = (input: Record<string, string>) => Promise<{ ok: true; email: string } | { ok: false; message: string; fieldErrors: Record<string, string> }>;

/**
 * The invite and reset pages' form: (a name, for an invite) a new password twice; on success the
 * person is signed in with it and lands on the live map.
 */
export const SetPasswordForm = ({ askName, defaultName, submitLabel, onSubmit }: { askName: boolean; defaultName?: string; submitLabel: string; onSubmit: Submit }) => {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== form.get("confirm")) {
      setErrors({ confirm: "The two passwords differ." });
      setMessage("Check the highlighted fields.");
      return;
    }
    const input: Record<string, string> = askName ? { name: String(form.get("name") ?? ""), password } : { password };
    startTransition(async () => {
      const result = await onSubmit(input);
      if (!result.ok) {
        setErrors(result.fieldErrors);
        setMessage(result.message);
        return;
      }
      const signedIn = await signIn("credentials", { email: result.email, password, redirect: false });
      if (signedIn?.ok && !signedIn.error) {
        router.replace("/map");
        router.refresh();
      } else router.replace("/login");
    });
  };
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  return (
    <form onSubmit={submit} className="form" noValidate>
      {askName && (
        <Field label="Your name" error={errors.name} errorId="name-error">
          <input name="name" defaultValue={defaultName} autoComplete="name" maxLength={120} required {...invalid("name")} />
        </Field>
      )}
      <Field label="New password" hint="At least 12 characters." error={errors.password} errorId="password-error">
        <input name="password" type="password" autoComplete="new-password" maxLength={200} required {...invalid("password")} />
      </Field>
      <Field label="New password again" error={errors.confirm} errorId="confirm-error">
        <input name="confirm" type="password" autoComplete="new-password" maxLength={200} required {...invalid("confirm")} />
      </Field>
      {message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={isPending}>
        {isPending ? "Saving…" : submitLabel}
      </button>
    </form>
  );
};
