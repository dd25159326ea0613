"use client";

import type { FormEvent } from "react";
import { Field } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";

/** The identifier of the device to claim, typed in full; the vehicle is chosen next (VehicleChoiceDialog). */
export const ClaimDeviceForm = ({ onClaim }: { onClaim: (identifier: string) => void }) => {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const identifier = String(new FormData(event.currentTarget).get("identifier") ?? "").trim();
    if (identifier !== "") onClaim(identifier);
  };
  return (
    <form className="form form-row" onSubmit={submit} aria-label="Claim a device">
      <Field label="Identifier" hint="In full, as the device reports it." errorId="claim-identifier-error">
        <input name="identifier" maxLength={100} required autoComplete="off" spellCheck={false} />
      </Field>
      <div className="form-actions">
        <SubmitButton label="Claim…" pending={false} className="button" />
      </div>
    </form>
  );
};
