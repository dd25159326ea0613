import { useTimeZone } from "@/components/ui/time-zone";
import type { ApiKeyEvent } from "@/lib/api-keys/list-api-key-events";
import { formatDateTime } from "@/lib/time-zone/zoned-time";

/** Who created or revoked which key, and when, newest first. */
export const AuditTrail = ({ events }: { events: ApiKeyEvent[] }) => {
  const timeZone = useTimeZone();
  if (events.length === 0) return <p className="empty-state">Nothing yet: creating and revoking keys is recorded here.</p>;
  return (
    <ol className="audit-trail" aria-label="Audit trail">
      {events.map((event) => (
        <li key={event.id}>
          <span className={`audit-action audit-${event.action}`}>{event.action === "created" ? "Created" : "Revoked"}</span>
          <span>
            <strong>{event.actorName ?? "A deleted user"}</strong> {event.action} <strong>{event.keyName}</strong> <code className="key-start">{event.keyStart}</code>
          </span>
          <time dateTime={new Date(event.createdAt).toISOString()} className="muted">
            {formatDateTime(event.createdAt, timeZone)}
          </time>
        </li>
      ))}
    </ol>
  );
};
