"use client";

import { useActionCall } from "@/components/ui/use-action-call";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useTimeZone } from "@/components/ui/time-zone";
import type { WebhookDeliveryRow } from "@/lib/outbound/webhooks/webhook-delivery-log";
import { formatDate, formatTime } from "@/lib/platform/zoned-time";
import { redeliverAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

const STATUS_LABELS = { pending: "Retrying", succeeded: "Delivered", failed: "Failed" } as const;

/** Each event sent to each webhook: outcome, attempts, the receiver's answer and how long it took; Send again. */
export const DeliveryLog = ({ deliveries }: { deliveries: WebhookDeliveryRow[] }) => {
  const timeZone = useTimeZone();
  const { run, pending: isPending, message } = useActionCall();
  const redeliver = (delivery: WebhookDeliveryRow) =>
    run(
      () => redeliverAction(delivery.id),
      () => `${delivery.eventType} is queued to go again.`,
    );
  if (deliveries.length === 0) return <p className="empty-state">No deliveries yet. Events appear here as they are sent.</p>;
  return (
    <>
      <p role="status" className="muted small">
        {message}
      </p>
      <ScrollRegion label="Deliveries" className="table-scroll">
        <table className="data cards-on-phone" aria-label="Deliveries" data-testid="webhook-deliveries">
          <thead>
            <tr>
              <th>Event time</th>
              <th>Webhook</th>
              <th>Event</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Response</th>
              <th>Latency</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td data-label="Event time" className="nowrap">
                  {formatDate(delivery.createdAt, timeZone)}
                  <span className="cell-sub">{formatTime(delivery.createdAt, timeZone)}</span>
                </td>
                <td data-label="Webhook">{delivery.webhookName}</td>
                <td data-label="Event">
                  {delivery.eventType}
                  <span className="cell-sub">
                    <code>{delivery.eventId.slice(0, 8)}</code>
                  </span>
                </td>
                <td data-label="Status">
                  <span className={`status status-${delivery.status}`}>{STATUS_LABELS[delivery.status]}</span>
                  {delivery.lastError && <span className="cell-sub">{delivery.lastError}</span>}
                </td>
                <td data-label="Attempts">{delivery.attempts}</td>
                <td data-label="Response">{delivery.responseStatus ?? "—"}</td>
                <td data-label="Latency">{delivery.latencyMs === null ? "—" : `${delivery.latencyMs} ms`}</td>
                <td className="cell-actions">
                  <ClientButton
                    className="button button-small"
                    disabled={isPending}
                    onClick={() => redeliver(delivery)}
                    aria-label={`Send ${delivery.eventType} ${delivery.eventId.slice(0, 8)} again`}
                  >
                    Send again
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
