"use client";

import { useState } from "react";
import { FormOpener } from "@/components/ui/form-opener";
import type { ApiKeyRecord } from "@/lib/access/api-keys/api-key-record";
import type { AuditEvent } from "@/lib/platform/audit/list-audit-events";
import { ApiKeysTable } from "./api-keys-table";
import { AuditTrail } from "./audit-trail";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyDialog } from "./revoke-key-dialog";

/** Settings → API keys: the company's keys, the create form, the one-time reveal, revoke, and the audit trail. */
export const ApiKeysPageClient = ({ keys, events, formOpen }: { keys: ApiKeyRecord[]; events: AuditEvent[]; formOpen: boolean }) => {
  // The new key's secret lives only in the form's state, until its reveal dialog closes.
  const [isFormOpen, setFormOpen] = useState(formOpen);
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
        {!isFormOpen && <FormOpener label="Create key" onOpen={() => setFormOpen(true)} />}
      </div>

      {isFormOpen && <CreateKeyForm onClose={() => setFormOpen(false)} />}

      <ApiKeysTable keys={keys} onRevoke={setRevoking} />

      <h2>Audit trail</h2>
      <AuditTrail events={events} keys={keys} />

      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
};
