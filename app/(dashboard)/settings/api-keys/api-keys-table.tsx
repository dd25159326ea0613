import { useTimeZone } from "@/components/ui/time-zone";
import type { ApiKeyRecord } from "@/lib/access/api-keys/api-key-record";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatDate, formatTime } from "@/lib/platform/zoned-time";
import { ClientButton } from "@/components/ui/client-button";

const ENVIRONMENT_LABELS = { live: "Live", test: "Sandbox" } as const;

/** Date over time, so the three date columns stay narrow. */
const DateCell = ({ date, empty }: { date: Date | null; empty: string }) => {
  const timeZone = useTimeZone();
  if (!date) return <td className="muted">{empty}</td>;
  return (
    <td className="nowrap">
      {formatDate(date, timeZone)}
      <span className="cell-sub">{formatTime(date, timeZone)}</span>
    </td>
  );
};

export const ApiKeysTable = ({ keys, onRevoke }: { keys: ApiKeyRecord[]; onRevoke: (key: ApiKeyRecord) => void }) => {
  if (keys.length === 0) {
    return <p className="empty-state">No API keys yet. Create one to give a partner or integration access to the public interface.</p>;
  }
  return (
    <ScrollRegion label="API keys" className="table-scroll">
      <table className="data" aria-label="API keys">
        <thead>
          <tr>
            <th>Name</th>
            <th>Environment</th>
            <th>Scopes</th>
            <th>Key</th>
            <th>Created</th>
            <th>Last used</th>
            <th>Expires</th>
            <th>IP allowlist</th>
            <th>Status</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-id={key.id}>
              <td className="cell-strong">{key.name}</td>
              <td>
                <span className={`badge badge-${key.environment}`}>{ENVIRONMENT_LABELS[key.environment]}</span>
              </td>
              <td>
                <div className="chips">
                  {key.scopes.map((scope) => (
                    <code key={scope} className="chip">
                      {scope}
                    </code>
                  ))}
                </div>
              </td>
              <td>
                <code className="key-start">{key.start}</code>
              </td>
              <DateCell date={key.createdAt} empty="—" />
              <DateCell date={key.lastUsedAt} empty="Never" />
              <DateCell date={key.expiresAt} empty="Never" />
              <td>
                {key.ipAllowlist.length === 0 ? (
                  <span className="muted any-address">Any address</span>
                ) : (
                  key.ipAllowlist.map((entry) => (
                    <code key={entry} className="allowlist-entry">
                      {entry}
                    </code>
                  ))
                )}
              </td>
              <td>
                <span className={`status status-${key.status}`}>{key.status[0].toUpperCase() + key.status.slice(1)}</span>
              </td>
              <td className="cell-actions">
                {key.status !== "revoked" && (
                  <ClientButton className="button button-small" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </ClientButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};
