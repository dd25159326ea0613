"use client";

import type { ReactNode } from "react";
import type { ActionResult } from "@/lib/access/actions";
import { ClientButton } from "./client-button";
import { closeDialogOf, ModalDialog } from "./modal-dialog";
import { useActionCall } from "./use-action-call";

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
  const { run: call, pending: isPending, failed, message } = useActionCall();
  const error = failed ? message : null;
  const run = (button: HTMLElement) => call(confirm, () => closeDialogOf(button));
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
