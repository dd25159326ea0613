"use client";

import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import type { ApiKeyRecord } from "@/lib/access/api-keys/api-key-record";

/** Shows a new key's secret once. Closing drops it: the page keeps no copy and the server has only a hash. */
export const RevealKeyDialog = ({ apiKey, onClose }: { apiKey: ApiKeyRecord & { key: string }; onClose: () => void }) => (
  <SecretRevealDialog
    title="Your new API key"
    secret={apiKey.key}
    testId="new-api-key"
    confirmLabel="I have copied the key"
    onClose={onClose}
    warning={
      <>
        <strong>Copy this key now.</strong> It will not be shown again: the service keeps only a hash of it. If you lose it, revoke it and create a new one.
      </>
    }
  >
    <dl className="key-summary">
      <dt>Name</dt>
      <dd>{apiKey.name}</dd>
      <dt>Scopes</dt>
      <dd>{apiKey.scopes.join(", ")}</dd>
      <dt>Environment</dt>
      <dd>{apiKey.environment === "live" ? "Live data" : "Sandbox data"}</dd>
      <dt>Send it as</dt>
      <dd>
        <code>Authorization: Bearer &lt;key&gt;</code>
      </dd>
    </dl>
  </SecretRevealDialog>
);
