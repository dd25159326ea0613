"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useState, type FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import type { CameraSecretRecord } from "@/lib/ingestion/camera/camera-secrets";
import type { ClientKeyRecord } from "@/lib/access/client-keys";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { createClientKeyAction, revokeCameraSecretAction, revokeClientKeyAction, rotateCameraSecretAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

type Props = {
  clientKeys: ClientKeyRecord[];
  cameraSecrets: CameraSecretRecord[];
  /** The server's clock when the page was rendered: what "in its overlap window" is measured against. */
  now: string;
  overlap: { defaultHours: number; maxHours: number };
};

type Revealed = { kind: "client-key" | "camera-secret"; secret: string; id: number };

const secretState = (secret: CameraSecretRecord, now: number) =>
  secret.revokedAt
    ? "Revoked"
    : secret.expiresAt === null
      ? "Current"
      : new Date(secret.expiresAt).getTime() > now
        ? "Verifying until its window ends"
        : "Expired";

/** Settings → Partner credentials: legacy ClientKeys and the camera platform's webhook secrets. */
export const PartnerCredentialsPageClient = ({ clientKeys, cameraSecrets, now, overlap }: Props) => {
  const timeZone = useTimeZone();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  // A success shows the change (and a new secret, once); only a failure says something here.
  const { run: perform, pending: isPending, message, failed } = useActionCall({ refresh: true });
  const nowMs = Date.parse(now);

  const createKey = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    perform(
      () => createClientKeyAction(name),
      (result) => {
        setRevealed({ kind: "client-key", secret: result.secret, id: result.id });
        form.reset();
      },
    );
  };

  const rotate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hours = Number(new FormData(event.currentTarget).get("overlapHours"));
    perform(
      () => rotateCameraSecretAction(hours),
      (result) => setRevealed({ kind: "camera-secret", secret: result.secret, id: result.id }),
    );
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Partner credentials</h1>
          <p className="muted">
            Credentials for partners on the legacy interface and for the camera platform that posts snapshots. Each secret is shown once, when it is made.
          </p>
        </div>
      </div>
      {failed && message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}

      <h2 id="client-keys-heading">Legacy ClientKeys</h2>
      <p className="muted">
        A partner trades its ClientKey for a token at <code>GET /api/v1/auth</code>. Revoking a key refuses it, and every token issued for it, from the next
        request.
      </p>
      <form className="filters" onSubmit={createKey} aria-labelledby="client-keys-heading">
        <label>
          Partner name
          <input name="name" required maxLength={120} placeholder="e.g. Route planner" />
        </label>
        <SubmitButton label="Create ClientKey" pending={isPending} />
      </form>
      {clientKeys.length === 0 ? (
        <p className="empty-state">No ClientKeys yet.</p>
      ) : (
        <ScrollRegion label="ClientKeys" className="table-scroll">
          <table className="data cards-on-phone" aria-label="ClientKeys" data-testid="client-keys-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Key</th>
                <th>Created</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {clientKeys.map((key) => (
                <tr key={key.id}>
                  <td className="card-title">{key.name}</td>
                  <td data-label="Key">
                    <code className="key-start">{key.start || "—"}</code>
                  </td>
                  <td data-label="Created">{formatDateTime(key.createdAt, timeZone)}</td>
                  <td data-label="Status">{key.revokedAt ? `Revoked ${formatDateTime(key.revokedAt, timeZone)}` : "Active"}</td>
                  <td>
                    {!key.revokedAt && (
                      <ClientButton
                        className="button button-small"
                        disabled={isPending}
                        aria-label={`Revoke ${key.name}`}
                        onClick={() =>
                          perform(
                            () => revokeClientKeyAction(key.id),
                            () => undefined,
                          )
                        }
                      >
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

      <h2 id="camera-heading">Camera webhook secrets</h2>
      <p className="muted">
        The camera platform signs each delivery with <code>X-Camera-Signature: sha256=…</code>; sending <code>X-Camera-Secret-Id</code> with the secret&apos;s
        id finds it directly. Rotating makes a new secret; the old one keeps verifying for the overlap window, so the platform can switch without losing events.
      </p>
      <form className="filters" onSubmit={rotate} aria-labelledby="camera-heading">
        <label>
          Old secret keeps working for (hours)
          <input name="overlapHours" type="number" min={0} max={overlap.maxHours} step={1} defaultValue={overlap.defaultHours} required />
        </label>
        <SubmitButton
          label={cameraSecrets.some((secret) => !secret.revokedAt && secret.expiresAt === null) ? "Rotate secret" : "Create secret"}
          pending={isPending}
        />
      </form>
      {cameraSecrets.length === 0 ? (
        <p className="empty-state">No camera secret yet.</p>
      ) : (
        <ScrollRegion label="Camera secrets" className="table-scroll">
          <table className="data cards-on-phone" aria-label="Camera secrets" data-testid="camera-secrets-table">
            <thead>
              <tr>
                <th>Secret id</th>
                <th>Secret</th>
                <th>Created</th>
                <th>Expires</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {cameraSecrets.map((secret) => {
                const state = secretState(secret, nowMs);
                return (
                  <tr key={secret.id}>
                    <td className="card-title">{secret.id}</td>
                    <td data-label="Secret">
                      <code className="key-start">{secret.start}</code>
                    </td>
                    <td data-label="Created">{formatDateTime(secret.createdAt, timeZone)}</td>
                    <td data-label="Expires">{secret.expiresAt ? formatDateTime(secret.expiresAt, timeZone) : "—"}</td>
                    <td data-label="Status">{state}</td>
                    <td>
                      {(state === "Current" || state.startsWith("Verifying")) && (
                        <ClientButton
                          className="button button-small"
                          disabled={isPending}
                          aria-label={`Revoke now: camera secret ${secret.id}`}
                          onClick={() =>
                            perform(
                              () => revokeCameraSecretAction(secret.id),
                              () => undefined,
                            )
                          }
                        >
                          Revoke now
                        </ClientButton>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      {revealed && (
        <SecretRevealDialog
          title={revealed.kind === "client-key" ? "The new ClientKey" : `Camera secret ${revealed.id}`}
          secret={revealed.secret}
          testId={revealed.kind === "client-key" ? "new-client-key" : "new-camera-secret"}
          confirmLabel="I have copied it"
          onClose={() => setRevealed(null)}
          warning={
            revealed.kind === "client-key" ? (
              <>
                <strong>Copy this ClientKey now</strong> and hand it to the partner; only its first characters are kept.
              </>
            ) : (
              <>
                <strong>Copy this secret now</strong> into the camera platform, with <code>X-Camera-Secret-Id: {revealed.id}</code>; it will not be shown again.
              </>
            )
          }
        />
      )}
    </section>
  );
};
