"use client";

import { useState, useTransition, type ReactNode } from "react";
import type { ActionResult } from "@/lib/access/actions";
import { ClientButton } from "./client-button";
import { closeDialogOf, ModalDialog } from "./modal-dialog";

type ConfirmDialogProps = {
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The server action the confirm button calls: the dialog closes on success, shows the failure's message otherwise. */
  confirm: () => Promise<ActionResult>;
  onClose: () => void;
};

/** The one "are you sure?" of the dashboard (remove a device, deactivate a user, delete a webhook, revoke a key or token). */
export const ConfirmDialog = ({ title, children, confirmLabel, pendingLabel, confirm, onClose }: ConfirmDialogProps) => {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const run = (button: HTMLElement) =>
    startTransition(async () => {
      const result = await confirm();
      if (result.ok) closeDialogOf(button);
      else setError(result.message);
    });
  return (
    <ModalDialog title={title} onClose={onClose} tone="danger">
      {children}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <ClientButton className="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </ClientButton>
        <ClientButton className="button-danger" disabled={isPending} onClick={(event) => run(event.currentTarget)}>
          {isPending ? pendingLabel : confirmLabel}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
