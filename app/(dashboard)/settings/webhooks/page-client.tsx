"use client";

import { useState } from "react";
import { FormOpener } from "@/components/ui/form-opener";
import type { WebhookDeliveryRow } from "@/lib/outbound/webhooks/webhook-delivery-log";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from "@/lib/outbound/webhooks/webhook-events";
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
            The service POSTs each event to your systems as it happens, signed with the webhook&apos;s secret the way Samsara signs them (see the API
            documentation). Failed deliveries are retried for 24 hours. The events: {WEBHOOK_EVENT_TYPES.join(", ")}; “Send test event” sends a{" "}
            {WEBHOOK_TEST_EVENT_TYPE} event to one webhook.
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
