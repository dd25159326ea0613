"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useReturnFocus } from "./use-return-focus";

type ModalDialogProps = {
  title: string;
  /** Called when the dialog closes by any means: a button calling close, or Escape. */
  onClose: () => void;
  children: ReactNode;
  tone?: "default" | "danger";
};

/** A native modal `<dialog>` (focus trap, Escape, inert background), open while it is mounted; focus goes back to its opener when it closes. */
export const ModalDialog = ({ title, onClose, children, tone = "default" }: ModalDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useReturnFocus();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className={`modal modal-${tone}`} aria-modal="true" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
};

/** Closes the dialog a button sits in (its onClose then runs). */
export const closeDialogOf = (element: HTMLElement) => element.closest("dialog")?.close();
