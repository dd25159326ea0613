"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

const messageFor = (error: string) => (error === "CredentialsSignin" ? "Wrong username, password or PIN." : error);

/** The driver's sign-in: the username the carrier gave them and the password or PIN set on their driver page. */
export const DriverLoginForm = () => {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("driver", { username: form.get("username"), secret: form.get("secret"), redirect: false });
    setPending(false);
    if (result?.ok && !result.error) {
      router.replace("/logbook");
      router.refresh();
    } else {
      setError(messageFor(result?.error ?? "Sign-in failed. Try again."));
    }
  };

  return (
    <form onSubmit={submit} className="form">
      <label>
        Username
        <input name="username" autoComplete="username" autoCapitalize="none" required autoFocus />
      </label>
      <label>
        Password or PIN
        <input name="secret" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
};
