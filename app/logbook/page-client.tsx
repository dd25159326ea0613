"use client";

import { signOut } from "next-auth/react";
import { useEffect } from "react";
import { CERTIFICATION_STATEMENT } from "@/lib/hos/logbook/certification-statement";
import type { ChosenDutyStatus } from "@/lib/hos/records/chosen-duty-statuses";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";
import {
  answerDriveAction,
  answerLogEditAction,
  answerProposalAction,
  certifyDayAction,
  changeDutyStatusAction,
  dropTrailerAction,
  handOverEldFileAction,
  keepDrivingAction,
  pickTrailerAction,
} from "./actions";
import { ClientButton } from "@/components/ui/client-button";
import { FormOutcome } from "@/components/ui/form-outcome";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";

const Outcome = ({ state }: { state: ReturnType<typeof useActionForm>["state"] }) => <FormOutcome state={state} savedClassName="form-saved" />;

/**
 * The duty statuses a driver may choose (personal conveyance and yard moves only when the carrier allows them), one
 * button each, with an optional remark. Driving comes from the vehicle.
 */
export const StatusChanger = ({ current, choices }: { current: string; choices: readonly ChosenDutyStatus[] }) => {
  const { props, state, pending, resetKey } = useActionForm(changeDutyStatusAction);
  return (
    <form {...props} key={resetKey} className="logbook-status-form" aria-label="Change duty status">
      <label>
        Remark (optional)
        <input name="remark" maxLength={300} placeholder="e.g. pre-trip inspection" />
      </label>
      <div className="logbook-status-buttons">
        {choices.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            className={`button duty-choice duty-${status}`}
            aria-pressed={current === status}
            disabled={pending}
          >
            {DUTY_STATUS_NAMES[status].name}
          </button>
        ))}
      </div>
      <Outcome state={state} />
    </form>
  );
};

/**
 * The stop prompt (Appendix A 4.4.1.2): the vehicle has stood 5 minutes while the driver is Driving. "Keep driving"
 * answers it; so does a status chosen below. Without an answer by `dueAt` the driver goes On Duty.
 */
export const StopPrompt = ({ restedAt, dueAt }: { restedAt: string; dueAt: string }) => {
  const { props, state, pending } = useActionForm(keepDrivingAction);
  return (
    <section
      className="page logbook-stop-prompt"
      role="alertdialog"
      aria-labelledby="stop-prompt-heading"
      aria-describedby="stop-prompt-text"
      data-testid="stop-prompt"
    >
      <h2 id="stop-prompt-heading">Are you still driving?</h2>
      <p id="stop-prompt-text">
        Your vehicle has not moved since {restedAt}. Without an answer by {dueAt} you go On Duty. Tap Keep driving, or choose your status under{" "}
        <a href="#now-heading">Now</a>.
      </p>
      <form {...props} className="actions" aria-label="Answer the stop prompt">
        <button type="submit" className="button-primary" disabled={pending} autoFocus>
          Keep driving
        </button>
        <Outcome state={state} />
      </form>
    </section>
  );
};

export const CertifyDayForm = ({ date, label }: { date: string; label: string }) => {
  const { props, state, pending, resetKey } = useActionForm(certifyDayAction);
  return (
    <form {...props} key={resetKey} className="logbook-certify" aria-label={`Certify ${label}`}>
      <input type="hidden" name="date" value={date} />
      <label className="checkbox">
        <input type="checkbox" name="agree" required /> {CERTIFICATION_STATEMENT}
      </label>
      <button type="submit" className="button-primary" disabled={pending}>
        Certify {label}
      </button>
      <Outcome state={state} />
    </form>
  );
};

type AnswerAction = FormAction<Awaited<ReturnType<typeof answerDriveAction>>>;

/** Accept or reject something put to the driver (a drive, a manager's edit): `field` names it for the action. */
const AnswerForm = ({ answer, field, id, acceptLabel }: { answer: AnswerAction; field: string; id: number; acceptLabel: string }) => {
  const { props, state, pending } = useActionForm(answer);
  return (
    <form {...props} className="actions">
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="answer" value="accept" className="button-primary" disabled={pending}>
        {acceptLabel}
      </button>
      <button type="submit" name="answer" value="reject" className="button" disabled={pending}>
        Reject
      </button>
      <Outcome state={state} />
    </form>
  );
};

export const DriveAnswer = ({ segmentId }: { segmentId: number }) => (
  <AnswerForm answer={answerDriveAction} field="segmentId" id={segmentId} acceptLabel="Accept: it was me" />
);

export const ProposalAnswer = ({ proposalId }: { proposalId: number }) => (
  <AnswerForm answer={answerProposalAction} field="proposalId" id={proposalId} acceptLabel="Accept: I take it" />
);

export const LogEditAnswer = ({ editId }: { editId: number }) => (
  <AnswerForm answer={answerLogEditAction} field="editId" id={editId} acceptLabel="Accept edit" />
);

/** Picks a trailer the driver pulls from now. */
export const TrailerPick = ({ trailers }: { trailers: { id: number; name: string }[] }) => {
  const { props, state, pending, resetKey } = useActionForm(pickTrailerAction);
  return (
    <form {...props} key={resetKey} className="actions" aria-label="Pick a trailer">
      <label>
        Trailer
        <select name="trailerId" required defaultValue="">
          <option value="" disabled>
            Choose a trailer
          </option>
          {trailers.map((trailer) => (
            <option key={trailer.id} value={trailer.id}>
              {trailer.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button-primary" disabled={pending}>
        Pick trailer
      </button>
      <Outcome state={state} />
    </form>
  );
};

/** Drops a trailer the driver pulls. */
export const TrailerDrop = ({ assignmentId }: { assignmentId: number }) => {
  const { props, state, pending } = useActionForm(dropTrailerAction);
  return (
    <form {...props} className="actions">
      <input type="hidden" name="assignmentId" value={assignmentId} />
      <button type="submit" className="button" disabled={pending}>
        Drop
      </button>
      <Outcome state={state} />
    </form>
  );
};

export const SignOutButton = () => (
  <ClientButton className="button" onClick={() => void signOut({ callbackUrl: "/logbook/login" })}>
    Sign out
  </ClientButton>
);

/**
 * One tap: the ELD output file of today and the previous 7 days with the inspector's comment, saved on
 * the phone or sent to FMCSA by the telematics methods this service is set up for.
 */
export const EldFileHandOver = ({ transfers }: { transfers: { webService: boolean; email: boolean } }) => {
  const { props, state, pending } = useActionForm(handOverEldFileAction);
  useEffect(() => {
    const made = state as { ok: boolean; fileName?: string; text?: string } | null;
    if (!made?.ok || !made.fileName || made.text === undefined) return;
    const url = URL.createObjectURL(new Blob([made.text], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = made.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, [state]);
  return (
    <form {...props} className="logbook-eld-file" aria-label="ELD output file">
      <label>
        Output file comment (optional: the code an inspector gives)
        <input name="comment" maxLength={60} autoComplete="off" />
      </label>
      <div className="logbook-eld-actions">
        <button type="submit" name="method" value="download" className="button-primary" disabled={pending}>
          Download ELD file
        </button>
        {transfers.webService && (
          <button type="submit" name="method" value="webService" className="button" disabled={pending}>
            Send to FMCSA (web service)
          </button>
        )}
        {transfers.email && (
          <button type="submit" name="method" value="email" className="button" disabled={pending}>
            Send to FMCSA (e-mail)
          </button>
        )}
      </div>
      <Outcome state={state} />
    </form>
  );
};
