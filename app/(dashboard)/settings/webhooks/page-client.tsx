"use client";

import { useState } from "react";
import { FormOpener } from "@/components/ui/form-opener";
import type { WebhookDeliveryRow } from "@/lib/outbound/webhooks/webhook-delivery-log";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { CreateWebhookForm } from "./create-webhook-form";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliveryLog } from "./delivery-log";
import { WebhooksTable } from "./webhooks-table";

/** Settings → Webhooks: receivers, the create form with the secret's one-time reveal, delete, and the delivery log with redeliver. */
export const WebhooksPageClient = ({
  webhooks,
  deliveries,
  selectedWebhookId,
  formOpen,
}: {
  webhooks: WebhookRow[];
  deliveries: WebhookDeliveryRow[];
  selectedWebhookId?: number;
  formOpen: boolean;
}) => {
  const [isFormOpen, setFormOpen] = useState(formOpen);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const selected = webhooks.find((webhook) => webhook.id === selectedWebhookId);
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Webhooks</h1>
          <p className="muted">
            The service POSTs events (drivers created or updated, and more as they arrive) to your systems as they happen, signed with each webhook&apos;s
            secret the way Samsara signs them. Failed deliveries are retried for 24 hours.
          </p>
        </div>
        {!isFormOpen && <FormOpener label="Add webhook" onOpen={() => setFormOpen(true)} />}
      </div>
      {isFormOpen && <CreateWebhookForm onClose={() => setFormOpen(false)} />}
      <WebhooksTable webhooks={webhooks} onDelete={setDeleting} />
      <h2>{selected ? `Deliveries to ${selected.name}` : "Recent deliveries"}</h2>
      <DeliveryLog deliveries={deliveries} />
      {deleting && <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
};
