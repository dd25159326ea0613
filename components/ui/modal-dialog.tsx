"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
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
  const hydrated = useHydrated();
  useReturnFocus();
  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && !dialog.open) dialog.showModal();
  }, [hydrated]);
  // In the server's HTML (a form posted before, or without, the page's script) the dialog is simply
  // open; once the page is ready it is replaced by the modal one.
  return (
    <dialog
      key={hydrated ? "modal" : "static"}
      open={!hydrated || undefined}
      ref={ref}
      className={`modal modal-${tone}`}
      aria-modal={hydrated}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
};

/** Closes the dialog a button sits in (its onClose then runs). */
export const closeDialogOf = (element: HTMLElement) => element.closest("dialog")?.close();
