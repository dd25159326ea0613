"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import { useId, useState } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { ClientButton } from "@/components/ui/client-button";
import type { ActionResult } from "@/lib/access/actions";

type Props = {
  /** The page's driver or vehicle, by name. */
  subjectName: string;
  /** What is assigned to it: a driver's page assigns vehicles, a vehicle's page drivers. */
  partner: "vehicle" | "driver";
  options: { id: number; name: string }[];
  /** The assignment running now, if there is one (a static assignment is not one), by its partner's name. */
  current: { assignmentId: number; partnerName: string } | null;
  assign: (partnerId: number) => Promise<ActionResult>;
  end: (assignmentId: number) => Promise<ActionResult>;
};

/** Assign a vehicle to a driver (or a driver to a vehicle) from now, or end the running assignment. */
export const AssignmentControl = ({ subjectName, partner, options, current, assign, end }: Props) => {
  const selectId = useId();
  const [partnerId, setPartnerId] = useState("");
  const { run, pending: isPending, message, failed, refuse } = useActionCall({ refresh: true });
  const perform = (work: () => Promise<ActionResult>, success: string) => run(work, () => success);
  return (
    <div className="assignment-control" data-testid="assignment-control">
      <form
        className="filters"
        aria-label={`Assign a ${partner} to ${subjectName}`}
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = options.find((option) => String(option.id) === partnerId);
          if (chosen) perform(() => assign(chosen.id), `${chosen.name} assigned to ${subjectName} from now.`);
          else refuse(`Choose a ${partner}.`);
        }}
      >
        <label htmlFor={selectId}>{partner === "vehicle" ? "Vehicle" : "Driver"}</label>
        <select id={selectId} value={partnerId} onChange={(event) => setPartnerId(event.target.value)}>
          <option value="">Choose a {partner}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        <SubmitButton label="Assign from now" pending={isPending} />
        {current && (
          <ClientButton
            className="button"
            disabled={isPending}
            onClick={() => perform(() => end(current.assignmentId), `Assignment of ${current.partnerName} ended.`)}
          >
            End assignment of {current.partnerName}
          </ClientButton>
        )}
      </form>
      {message && (
        <p role={failed ? "alert" : "status"} className={failed ? "text-danger small" : "muted small"}>
          {message}
        </p>
      )}
    </div>
  );
};
