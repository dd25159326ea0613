"use client";

import { useHydrated } from "./use-hydrated";

type SubmitButtonProps = {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /**
   * The form posts to a server action (useActionForm), so it works before the page's script runs.
   * Otherwise the button is disabled, and says so, until the page is ready: a click is never lost.
   */
  worksWithoutScript?: boolean;
  className?: string;
};

/** Every form's submit button: busy while pending, and never clickable when nothing would handle the click. */
export const SubmitButton = ({ label, pendingLabel, pending, worksWithoutScript = false, className = "button-primary" }: SubmitButtonProps) => {
  const hydrated = useHydrated();
  const waiting = !worksWithoutScript && !hydrated;
  return (
    <button type="submit" className={className} disabled={pending || waiting} aria-busy={pending || waiting}>
      {pending ? pendingLabel : waiting ? "Loading…" : label}
    </button>
  );
};
