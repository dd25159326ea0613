"use client";

import { useActionForm } from "@/components/ui/use-action-form";
import { FormOutcome } from "@/components/ui/form-outcome";
import { signInspectionReviewAction } from "./actions";

/** The driver's signature under their review of the last report (typed name, as the report's own). */
export const ReviewForm = ({ dvirId }: { dvirId: number }) => {
  const { props, state, pending, error, invalid } = useActionForm(signInspectionReviewAction);
  return (
    <form {...props} className="logbook-inspection" aria-label="Sign the review">
      <input type="hidden" name="dvirId" value={dvirId} />
      <label>
        Signature: type your full name
        <input name="signatureName" required maxLength={100} autoComplete="name" {...invalid("signatureName")} />
      </label>
      {error("signatureName") && <p className="form-error">{error("signatureName")}</p>}
      <button type="submit" className="button-primary" disabled={pending}>
        I have reviewed the defects: sign
      </button>
      <FormOutcome state={state} savedClassName="form-saved" />
    </form>
  );
};
