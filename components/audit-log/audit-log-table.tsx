import { ScrollRegion } from "@/components/ui/scroll-region";
import { AUDIT_ACTION_LABELS, type AuditAction } from "@/lib/platform/audit/audit-actions";
import type { AuditEvent } from "@/lib/platform/audit/list-audit-events";
import { formatDateTime } from "@/lib/platform/zoned-time";

const ACTOR_KINDS: Record<AuditEvent["actorType"], string> = {
  user: "User",
  api_key: "API key",
  admin_token: "Admin token",
  operator: "Operator CLI",
  system: "System",
  driver: "Driver (logbook)",
  anonymous: "Not signed in",
};

const formatValue = (value: unknown) => (value === null ? "—" : typeof value === "string" ? value : JSON.stringify(value));

/** What changed, one field a line: `field: before → after`. */
const Changes = ({ changes }: { changes: AuditEvent["changes"] }) => {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="audit-changes">
      {fields.map(([field, { before, after }]) => (
        <li key={field}>
          <code>{field}</code>: {formatValue(before)} → {formatValue(after)}
        </li>
      ))}
    </ul>
  );
};

export const AuditLogTable = ({ events, timeZone }: { events: AuditEvent[]; timeZone: string }) => (
  <ScrollRegion label="Audit events">
    <table className="data cards-on-phone" data-testid="audit-log-table">
      <thead>
        <tr>
          <th>When</th>
          <th>Actor</th>
          <th>Address</th>
          <th>Action</th>
          <th>Target</th>
          <th>Changes</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td className="card-title">
              <time dateTime={new Date(event.occurredAt).toISOString()}>{formatDateTime(event.occurredAt, timeZone, { seconds: true })}</time>
            </td>
            <td data-label="Actor">
              {event.actorName} <span className="muted">({ACTOR_KINDS[event.actorType]})</span>
            </td>
            <td data-label="Address">{event.actorIp ?? <span className="muted">—</span>}</td>
            <td data-label="Action">
              {AUDIT_ACTION_LABELS[event.action as AuditAction] ?? event.action}
              {event.repeatCount > 1 && <span className="muted"> ×{event.repeatCount} in this minute</span>}
              {event.reason && <div className="muted">{event.reason}</div>}
            </td>
            <td data-label="Target">
              {event.targetType} <code>{event.targetId}</code>
            </td>
            <td data-label="Changes">
              <Changes changes={event.changes} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
