"use client";

import { useState } from "react";
import { SecretRevealDialog } from "@/components/ui/secret-reveal-dialog";
import type { WebhookDeliveryRow } from "@/lib/webhooks/webhook-delivery-log";
import type { WebhookRow } from "@/lib/webhooks/manage-webhooks";
import type { CreateWebhookResult } from "./actions";
import { CreateWebhookForm } from "./create-webhook-form";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliveryLog } from "./delivery-log";
import { WebhooksTable } from "./webhooks-table";

type Created = Extract<CreateWebhookResult, { ok: true }>["created"];

/** Settings → Webhooks: receivers, the create form with the secret's one-time reveal, delete, and the delivery log with redeliver. */
export const WebhooksPageClient = ({ webhooks, deliveries, selectedWebhookId }: { webhooks: WebhookRow[]; deliveries: WebhookDeliveryRow[]; selectedWebhookId?: number }) => {
  const [isFormOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const selected = webhooks.find((webhook) => webhook.id === selectedWebhookId);
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Webhooks</h1>
          <p className="muted">
            The service POSTs events (drivers created or updated, and more as they arrive) to your systems as they happen, signed with each webhook&apos;s secret
            the way Samsara signs them. Failed deliveries are retried for 24 hours.
          </p>
        </div>
        {!isFormOpen && (
          <button type="button" className="button-primary" onClick={() => setFormOpen(true)}>
            Add webhook
          </button>
        )}
      </div>
      {isFormOpen && (
        <CreateWebhookForm
          onCancel={() => setFormOpen(false)}
          onCreated={(webhook) => {
            setFormOpen(false);
            setCreated(webhook);
          }}
        />
      )}
      <WebhooksTable webhooks={webhooks} onDelete={setDeleting} />
      <h2>{selected ? `Deliveries to ${selected.name}` : "Recent deliveries"}</h2>
      <DeliveryLog deliveries={deliveries} />
      {created && (
        <SecretRevealDialog
          title="Your webhook's signing secret"
          secret={created.secretKey}
          testId="new-webhook-secret"
          confirmLabel="I have copied the secret"
          onClose={() => setCreated(null)}
          warning={
            <>
              <strong>Copy this secret now.</strong> Your receiver needs it to check the <code>X-Samsara-Signature</code> header; it will not be shown in full again.
            </>
          }
        />
      )}
      {deleting && <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
};
