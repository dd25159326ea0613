"use client";

import { useState, useTransition } from "react";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import type { WebhookRow } from "@/lib/webhooks/manage-webhooks";
import { deleteWebhookAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

export const DeleteWebhookDialog = ({ webhook, onClose }: { webhook: WebhookRow; onClose: () => void }) => {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const remove = (button: HTMLElement) =>
    startTransition(async () => {
      const result = await deleteWebhookAction(webhook.id);
      if (result.ok) closeDialogOf(button);
      else setError(result.message);
    });
  return (
    <ModalDialog title="Delete webhook?" onClose={onClose} tone="danger">
      <p>
        <strong>{webhook.name}</strong> will receive no more events. Its delivery log stays.
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </ClientButton>
        <ClientButton className="button-danger" disabled={isPending} onClick={(event) => remove(event.currentTarget)}>
          {isPending ? "Deleting…" : "Delete webhook"}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
