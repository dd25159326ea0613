"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { DUTY_STATUS_NAMES } from "@/lib/hos/duty-status-names";
import { answerDriveAction, answerLogEditAction, certifyDayAction, changeDutyStatusAction, type LogbookActionState } from "./actions";

const IDLE: LogbookActionState = { status: "idle" };

const Outcome = ({ state }: { state: LogbookActionState }) =>
  state.status === "idle" ? null : (
    <p role={state.status === "error" ? "alert" : "status"} className={state.status === "error" ? "form-error" : "form-saved"}>
      {state.message}
    </p>
  );

const CHOICES = ["offDuty", "sleeperBed", "onDuty", "personalConveyance", "yardMove"] as const;

/** The duty statuses a driver may choose, one button each, with an optional remark. Driving comes from the vehicle. */
export const StatusChanger = ({ current }: { current: string }) => {
  const [state, action, pending] = useActionState(changeDutyStatusAction, IDLE);
  return (
    <form action={action} className="logbook-status-form" aria-label="Change duty status">
      <label>
        Remark (optional)
        <input name="remark" maxLength={300} placeholder="e.g. pre-trip inspection" />
      </label>
      <div className="logbook-status-buttons">
        {CHOICES.map((status) => (
          <button key={status} type="submit" name="status" value={status} className={`button duty-choice duty-${status}`} aria-pressed={current === status} disabled={pending}>
            {DUTY_STATUS_NAMES[status].name}
          </button>
        ))}
      </div>
      <Outcome state={state} />
    </form>
  );
};

export const CertifyDayForm = ({ date, label }: { date: string; label: string }) => {
  const [state, action, pending] = useActionState(certifyDayAction, IDLE);
  return (
    <form action={action} className="logbook-certify" aria-label={`Certify ${label}`}>
      <input type="hidden" name="date" value={date} />
      <label className="checkbox">
        <input type="checkbox" name="agree" required /> I certify these entries are true and correct
      </label>
      <button type="submit" className="button-primary" disabled={pending}>
        Certify {label}
      </button>
      <Outcome state={state} />
    </form>
  );
};

export const DriveAnswer = ({ segmentId }: { segmentId: number }) => {
  const [state, action, pending] = useActionState(answerDriveAction, IDLE);
  return (
    <form action={action} className="actions">
      <input type="hidden" name="segmentId" value={segmentId} />
      <button type="submit" name="answer" value="accept" className="button-primary" disabled={pending}>
        Accept: it was me
      </button>
      <button type="submit" name="answer" value="reject" className="button" disabled={pending}>
        Reject
      </button>
      <Outcome state={state} />
    </form>
  );
};

export const LogEditAnswer = ({ editId }: { editId: number }) => {
  const [state, action, pending] = useActionState(answerLogEditAction, IDLE);
  return (
    <form action={action} className="actions">
      <input type="hidden" name="editId" value={editId} />
      <button type="submit" name="answer" value="accept" className="button-primary" disabled={pending}>
        Accept edit
      </button>
      <button type="submit" name="answer" value="reject" className="button" disabled={pending}>
        Reject
      </button>
      <Outcome state={state} />
    </form>
  );
};

/** Reloads the page's data every few seconds: Driving starts from the vehicle, without a tap. */
export const LogbookRefresh = ({ everyMs = 5_000 }: { everyMs?: number }) => {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
};

export const SignOutButton = () => (
  <button type="button" className="button" onClick={() => void signOut({ callbackUrl: "/logbook/login" })}>
    Sign out
  </button>
);
