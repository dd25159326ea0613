"use client";

import { useState, useTransition } from "react";
import { closeDialogOf, ModalDialog } from "@/components/ui/modal-dialog";
import { updateUserAction } from "./actions";
import type { ListedUser } from "./page-client";
import { ClientButton } from "@/components/ui/client-button";

export const DeactivateUserDialog = ({ user, onClose }: { user: ListedUser; onClose: () => void }) => {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const deactivate = (button: HTMLElement) =>
    startTransition(async () => {
      const result = await updateUserAction(user.id, { status: "deactivated" });
      if (result.ok) closeDialogOf(button);
      else setError(result.message);
    });
  return (
    <ModalDialog title="Deactivate user?" onClose={onClose} tone="danger">
      <p>
        <strong>{user.name}</strong> ({user.email}) will be signed out of every open session within a minute and cannot sign in until reactivated.
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </ClientButton>
        <ClientButton className="button-danger" disabled={isPending} onClick={(event) => deactivate(event.currentTarget)}>
          {isPending ? "Deactivating…" : "Deactivate"}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
