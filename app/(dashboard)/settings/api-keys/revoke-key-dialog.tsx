"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiKeyRecord } from "@/lib/access/api-keys/api-key-record";
import { revokeApiKeyAction } from "./actions";

export const RevokeKeyDialog = ({ apiKey, onClose }: { apiKey: ApiKeyRecord; onClose: () => void }) => (
  <ConfirmDialog title="Revoke API key?" confirmLabel="Revoke key" pendingLabel="Revoking…" confirm={() => revokeApiKeyAction(apiKey.id)} onClose={onClose}>
    <p>
      Requests with <strong>{apiKey.name}</strong> (<code className="key-start">{apiKey.start}</code>) will be refused with 401 within seconds. This cannot be
      undone.
    </p>
  </ConfirmDialog>
);
