"use client";

import { Link } from "@/components/ui/link";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { ClientButton } from "@/components/ui/client-button";
import { useActionCall } from "@/components/ui/use-action-call";
import { sendTestEventAction } from "./actions";

/** The receivers, each with its deliveries, Send test event and Delete. */
export const WebhooksTable = ({ webhooks, onDelete }: { webhooks: WebhookRow[]; onDelete: (webhook: WebhookRow) => void }) => {
  const { run, pending, message, failed } = useActionCall({ refresh: true });
  const sendTest = (webhook: WebhookRow) =>
    run(
      () => sendTestEventAction(webhook.id),
      () => `A test event is on its way to ${webhook.name}: see Recent deliveries for what it answered.`,
    );
  if (webhooks.length === 0) return <p className="empty-state">No webhooks yet. Add one to have events sent to your systems.</p>;
  return (
    <>
      <p role="status" className={failed ? "form-error" : "muted small"} data-testid="webhook-test-status">
        {message}
      </p>
      <ScrollRegion label="Webhooks" className="table-scroll">
        <table className="data cards-on-phone" aria-label="Webhooks">
          <thead>
            <tr>
              <th>Name</th>
              <th>URL</th>
              <th>Events</th>
              <th>Secret</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {webhooks.map((webhook) => (
              <tr key={webhook.id} data-webhook-id={webhook.id}>
                <td className="cell-strong" data-label="Name">
                  {webhook.name}
                </td>
                <td data-label="URL">
                  <code className="wrap-anywhere">{webhook.url}</code>
                </td>
                <td data-label="Events">{webhook.eventTypes.length === 0 ? "All events" : webhook.eventTypes.join(", ")}</td>
                <td data-label="Secret">
                  <code>{webhook.secretKey}</code>
                </td>
                <td className="cell-actions">
                  <Link href={`/settings/webhooks?webhook=${webhook.id}`} className="button-link" aria-label={`Deliveries to ${webhook.name}`}>
                    Deliveries
                  </Link>
                  <ClientButton
                    className="button button-small"
                    disabled={pending}
                    onClick={() => sendTest(webhook)}
                    aria-label={`Send a test event to ${webhook.name}`}
                  >
                    Send test event
                  </ClientButton>
                  <ClientButton className="button button-small" onClick={() => onDelete(webhook)} aria-label={`Delete ${webhook.name}`}>
                    Delete
                  </ClientButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
};
