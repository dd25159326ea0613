"use client";

import { useState } from "react";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";

type CopyState = "idle" | "copied" | "failed";

/** Shows a new key's secret once. Closing drops it: the page keeps no copy and the server has only a hash. */
export const RevealKeyDialog = ({ apiKey, onClose }: { apiKey: ApiKeyRecord & { key: string }; onClose: () => void }) => {
  const [copy, setCopy] = useState<CopyState>("idle");
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.key);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <ModalDialog title="Your new API key" onClose={onClose}>
      <p>
        <strong>Copy this key now.</strong> It will not be shown again: the service keeps only a hash of it. If you lose it, revoke it and create a new one.
      </p>
      <div className="secret-box">
        <code data-testid="new-api-key">{apiKey.key}</code>
        <button type="button" className="button" onClick={copyKey}>
          {copy === "copied" ? "Copied" : "Copy"}
        </button>
      </div>
      <p role="status" className="muted small">
        {copy === "copied" && "Copied to the clipboard."}
        {copy === "failed" && "The browser refused the clipboard: select the key and copy it by hand."}
      </p>
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
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={(event) => closeDialogOf(event.currentTarget)}>
          I have copied the key
        </button>
      </div>
    </ModalDialog>
  );
};
