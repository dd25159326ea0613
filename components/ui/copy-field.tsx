"use client";

import { useId, useState } from "react";
import { ClientButton } from "@/components/ui/client-button";

/** A value to hand on (a URL, a host, a port): shown as read-only text one can select, with a Copy button. */
export const CopyField = ({ label, value, testId }: { label: string; value: string; testId?: string }) => {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input id={id} className="input" readOnly value={value} data-testid={testId} onFocus={(event) => event.target.select()} spellCheck={false} />
        <ClientButton
          className="button"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() =>
            navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </ClientButton>
      </div>
    </div>
  );
};
