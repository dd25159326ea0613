"use client";

import { ClientButton } from "@/components/ui/client-button";

/** The error boundary body of a dashboard page: a clear message and a retry. */
export const PageError = ({ title, error, reset }: { title: string; error: Error & { digest?: string }; reset: () => void }) => (
  <section className="page">
    <h1>{title}</h1>
    <div className="alert alert-error" role="alert">
      <strong>This page could not load.</strong>
      <p>The data service did not answer{error.digest ? ` (reference ${error.digest})` : ""}. Try again in a moment.</p>
      <ClientButton className="button" onClick={reset}>
        Try again
      </ClientButton>
    </div>
  </section>
);
