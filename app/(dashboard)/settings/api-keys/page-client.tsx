"use client";

import { useState } from "react";
import type { ApiKeyRecord } from "@/lib/api-keys/api-key-record";
import type { AuditEvent } from "@/lib/audit/list-audit-events";
import { ApiKeysTable } from "./api-keys-table";
import { AuditTrail } from "./audit-trail";
import { CreateKeyForm } from "./create-key-form";
import { RevealKeyDialog } from "./reveal-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";

type NewKey = ApiKeyRecord & { key: string };

/** Settings → API keys: the company's keys, the create form, the one-time reveal, revoke, and the audit trail. */
export const ApiKeysPageClient = ({ keys, events }: { keys: ApiKeyRecord[]; events: AuditEvent[] }) => {
  const [isFormOpen, setFormOpen] = useState(false);
  // The secret lives only here, and only until the reveal dialog closes.
  const [newKey, setNewKey] = useState<NewKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRecord | null>(null);

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>API keys</h1>
          <p className="muted">
            Keys let partners and your own systems read fleet data through the public interface (<code>/fleet/…</code>). Each key has scopes that limit what it
            can do; live keys see live data, sandbox keys only the sandbox fleet.
          </p>
        </div>
        {!isFormOpen && (
          <button type="button" className="button-primary" onClick={() => setFormOpen(true)}>
            Create key
          </button>
        )}
      </div>

      {isFormOpen && (
        <CreateKeyForm
          onCancel={() => setFormOpen(false)}
          onCreated={(created) => {
            setFormOpen(false);
            setNewKey(created);
          }}
        />
      )}

      <ApiKeysTable keys={keys} onRevoke={setRevoking} />

      <h2>Audit trail</h2>
      <AuditTrail events={events} keys={keys} />

      {newKey && <RevealKeyDialog apiKey={newKey} onClose={() => setNewKey(null)} />}
      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
};
