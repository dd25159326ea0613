"use client";

import { useState, useTransition, type FormEvent } from "react";
import { forgotPasswordAction } from "./actions";

export const ForgotPasswordForm = () => {
  const [sent, setSent] = useState(false);
  const [isPending, startTransition] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    startTransition(async () => {
      await forgotPasswordAction(email);
      setSent(true);
    });
  };
  return (
    <form onSubmit={submit} className="form">
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <p role="status" className="muted">
        {sent && "If an active account signs in with that e-mail, a reset link is on its way. It works once, for an hour."}
      </p>
      <button type="submit" className="button-primary" disabled={isPending}>
        {isPending ? "Sending…" : "Send reset link"}
      </button>
    </form>
  );
};
