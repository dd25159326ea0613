import { Link } from "@/components/ui/link";
import { useTimeZone } from "@/components/ui/time-zone";
import type { ApiKeyRecord } from "@/lib/access/api-keys/api-key-record";
import { AUDIT_ACTION_LABELS } from "@/lib/platform/audit/audit-actions";
import type { AuditEvent } from "@/lib/platform/audit/list-audit-events";
import { formatDateTime } from "@/lib/platform/zoned-time";

/** The audit log's newest events about keys (who created or revoked which key, and when), newest first. */
export const AuditTrail = ({ events, keys }: { events: AuditEvent[]; keys: ApiKeyRecord[] }) => {
  const timeZone = useTimeZone();
  const keyById = new Map(keys.map((key) => [key.id, key]));
  if (events.length === 0) return <p className="empty-state">Nothing yet: creating and revoking keys is recorded here.</p>;
  return (
    <>
      <ol className="audit-trail" aria-label="Audit trail">
        {events.map((event) => {
          const key = keyById.get(event.targetId);
          const verb = event.action.slice("api_key.".length);
          return (
            <li key={event.id}>
              <span className={`audit-action audit-${verb}`}>{AUDIT_ACTION_LABELS[event.action as keyof typeof AUDIT_ACTION_LABELS] ?? event.action}</span>
              <span>
                <strong>{event.actorName}</strong> {verb} <strong>{key?.name ?? event.targetId}</strong> {key && <code className="key-start">{key.start}</code>}
              </span>
              <time dateTime={new Date(event.occurredAt).toISOString()} className="muted">
                {formatDateTime(event.occurredAt, timeZone)}
              </time>
            </li>
          );
        })}
      </ol>
      <p>
        <Link href="/settings/audit-log?targetType=api_key">Every key event in the audit log</Link>
      </p>
    </>
  );
};
