"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useState, type FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { Field } from "@/components/ui/form-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import { useTimeZone } from "@/components/ui/time-zone";
import type { IngestTokenSummary } from "@/lib/ingestion/batch/ingest-tokens";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { createIngestTokenAction, revokeIngestTokenAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

type Created = Extract<Awaited<ReturnType<typeof createIngestTokenAction>>, { ok: true }>["created"];

const CreateTokenForm = ({ onCreated }: { onCreated: (created: Created) => void }) => {
  const { run, pending: isPending, failed, message, error: errorOf } = useActionCall();
  const error = failed ? (errorOf("name") ?? message) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    run(
      () => createIngestTokenAction({ name }),
      (result) => {
        form.reset();
        onCreated(result.created);
      },
    );
  };
  return (
    <form className="form form-panel" onSubmit={submit} aria-label="Create ingest token" noValidate>
      <div className="form-row">
        <Field label="Token name" hint="Which gateway uses it, e.g. “Depot gateway”." error={error ?? undefined} errorId="token-name-error">
          <input name="name" maxLength={255} required {...(error ? { "aria-invalid": true, "aria-describedby": "token-name-error" } : {})} />
        </Field>
      </div>
      <div className="form-actions">
        <SubmitButton label="Create token" pendingLabel="Creating…" pending={isPending} />
      </div>
    </form>
  );
};

const RevokeTokenDialog = ({ token, onClose }: { token: IngestTokenSummary; onClose: () => void }) => (
  <ConfirmDialog
    title="Revoke ingest token?"
    confirmLabel="Revoke token"
    pendingLabel="Revoking…"
    confirm={() => revokeIngestTokenAction({ tokenId: token.id })}
    onClose={onClose}
  >
    <p>
      Gateways sending with <strong>{token.name}</strong> are refused from their next request.
    </p>
  </ConfirmDialog>
);

/** Ingest tokens for batch gateways (POST /ingest/batch): create (shown once), list without secrets, revoke. */
export const IngestTokensSection = ({ tokens }: { tokens: IngestTokenSummary[] }) => {
  const timeZone = useTimeZone();
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<IngestTokenSummary | null>(null);
  return (
    <>
      <p className="muted">
        A gateway posting batches to <code>/ingest/batch</code> sends one of these as <code>Authorization: Bearer …</code>; the token names the company it
        writes to.
      </p>
      <CreateTokenForm onCreated={setCreated} />
      {tokens.length === 0 ? (
        <p className="empty-state">No ingest tokens yet.</p>
      ) : (
        <ScrollRegion label="Ingest tokens" className="table-scroll">
          <table className="data cards-on-phone" aria-label="Ingest tokens" data-testid="ingest-tokens-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Token</th>
                <th>Created</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} data-token-id={token.id}>
                  <td className="cell-strong" data-label="Name">
                    {token.name}
                  </td>
                  <td data-label="Token">
                    <code className="key-start">{token.start ? `${token.start}…` : "—"}</code>
                  </td>
                  <td data-label="Created">{formatDateTime(token.createdAt, timeZone)}</td>
                  <td data-label="Status">
                    <span className={`status ${token.revokedAt ? "status-revoked" : "status-active"}`}>{token.revokedAt ? "Revoked" : "Active"}</span>
                  </td>
                  <td className="cell-actions">
                    {!token.revokedAt && (
                      <ClientButton className="button button-small" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                        Revoke
                      </ClientButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {created && (
        <SecretRevealDialog
          title="Your ingest token"
          secret={created.token}
          testId="new-ingest-token"
          confirmLabel="I have copied the token"
          onClose={() => setCreated(null)}
          warning={
            <>
              <strong>Copy this token now.</strong> Only its hash is kept: it will not be shown again. If it is lost, revoke it and create another.
            </>
          }
        />
      )}
      {revoking && <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
};
