import Link from "next/link";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { ClientButton } from "@/components/ui/client-button";

export const WebhooksTable = ({ webhooks, onDelete }: { webhooks: WebhookRow[]; onDelete: (webhook: WebhookRow) => void }) => {
  if (webhooks.length === 0) return <p className="empty-state">No webhooks yet. Add one to have events sent to your systems.</p>;
  return (
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
                <ClientButton className="button button-small" onClick={() => onDelete(webhook)} aria-label={`Delete ${webhook.name}`}>
                  Delete
                </ClientButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
