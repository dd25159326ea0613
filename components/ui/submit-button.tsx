"use client";

import { LOADING_TITLE } from "./client-button";
import { useHydrated } from "./use-hydrated";

type SubmitButtonProps = {
  label: string;
  /** Shown while the submit is under way (default: the label). */
  pendingLabel?: string;
  pending: boolean;
  /**
   * The form posts to a server action (useActionForm), so it works before the page's script runs.
   * Otherwise the button is disabled, and says so, until the page is ready: a click (or Enter in a
   * field, which a disabled default button blocks) is never lost or turned into a GET with the fields in the URL.
   */
  worksWithoutScript?: boolean;
  /** Disabled for a reason of the form's own (a deactivated user's role). */
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
};

/** Every form's submit button: busy while pending, and never clickable when nothing would handle the click. */
export const SubmitButton = ({
  label,
  pendingLabel = label,
  pending,
  worksWithoutScript = false,
  disabled = false,
  className = "button-primary",
  ...aria
}: SubmitButtonProps) => {
  const hydrated = useHydrated();
  const waiting = !worksWithoutScript && !hydrated;
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || waiting || disabled}
      aria-busy={pending || waiting}
      title={waiting ? LOADING_TITLE : undefined}
      {...aria}
    >
      {pending ? pendingLabel : waiting ? "Loading…" : label}
    </button>
  );
};
