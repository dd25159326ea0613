"use client";

import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

/** What the title of a button waiting for the page's script says (SubmitButton says it too). */
export const LOADING_TITLE = "The page is still loading";

/**
 * A button that acts only through the page's script (it calls a server action, opens or closes a
 * dialog): disabled, dimmed and busy until the page is ready, keeping its label, so a click before
 * hydration (or without a script) is never silently lost. A control that can work without a script
 * is a form instead (useActionForm, SubmitButton, FormOpener).
 */
export const ClientButton = ({ disabled = false, title, ...props }: Omit<ComponentProps<"button">, "type">) => {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      {...props}
      disabled={disabled || !hydrated}
      aria-busy={props["aria-busy"] ?? (!hydrated || undefined)}
      title={hydrated ? title : LOADING_TITLE}
    />
  );
};
