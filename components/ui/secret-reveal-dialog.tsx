"use client";

import { useState, type ReactNode } from "react";
import { closeDialogOf, ModalDialog } from "./modal-dialog";
import { ClientButton } from "./client-button";

type CopyState = "idle" | "copied" | "failed";

type SecretRevealDialogProps = {
  title: string;
  secret: string;
  /** Why it is shown only now, and what to do if it is lost. */
  warning: ReactNode;
  confirmLabel: string;
  /** The secret's `data-testid`. */
  testId: string;
  onClose: () => void;
  /** What the secret belongs to. */
  children?: ReactNode;
};

/** Shows a new secret once, with a copy button. Closing drops it: the page keeps no copy. */
export const SecretRevealDialog = ({ title, secret, warning, confirmLabel, testId, onClose, children }: SecretRevealDialogProps) => {
  const [copy, setCopy] = useState<CopyState>("idle");
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <ModalDialog title={title} onClose={onClose}>
      <p>{warning}</p>
      <div className="secret-box">
        <code data-testid={testId}>{secret}</code>
        <ClientButton className="button" onClick={copySecret}>
          {copy === "copied" ? "Copied" : "Copy"}
        </ClientButton>
      </div>
      <p role="status" className="muted small">
        {copy === "copied" && "Copied to the clipboard."}
        {copy === "failed" && "The browser refused the clipboard: select the text and copy it by hand."}
      </p>
      {children}
      <div className="modal-actions">
        <ClientButton className="button-primary" onClick={(event) => closeDialogOf(event.currentTarget)}>
          {confirmLabel}
        </ClientButton>
      </div>
    </ModalDialog>
  );
};
