"use client";

import { useState, useTransition } from "react";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";
import { revokeApiKeyAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

export const RevokeKeyDialog = ({ apiKey, onClose }: { apiKey: ApiKeyRecord; onClose: () => void }) => {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const revoke = (button: HTMLElement) =>
    startTransition(async () => {
      const result = await revokeApiKeyAction(apiKey.id);
      if (result.ok) closeDialogOf(button);
      else setError(result.message);
    });
  return (
    <ModalDialog title="Revoke API key?" onClose={onClose} tone="danger">
      <p>
        Requests with <strong>{apiKey.name}</strong> (<code className="key-start">{apiKey.start}</code>) will be refused with 401 within seconds. This cannot be undone.
      </p>
      {error && <p role="alert" className="form-error">{error}</p>}
      <div className="modal-actions">
        <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </ClientButton>
        <ClientButton className="button-danger" disabled={isPending} onClick={(event) => revoke(event.currentTarget)}>
          {isPending ? "Revoking…" : "Revoke key"}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
