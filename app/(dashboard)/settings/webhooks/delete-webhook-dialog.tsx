"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { deleteWebhookAction } from "./actions";

export const DeleteWebhookDialog = ({ webhook, onClose }: { webhook: WebhookRow; onClose: () => void }) => (
  <ConfirmDialog
    title="Delete webhook?"
    confirmLabel="Delete webhook"
    pendingLabel="Deleting…"
    confirm={() => deleteWebhookAction(webhook.id)}
    onClose={onClose}
  >
    <p>
      <strong>{webhook.name}</strong> will receive no more events. Its delivery log stays.
    </p>
  </ConfirmDialog>
);
