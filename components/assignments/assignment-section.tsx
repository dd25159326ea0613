import { EmptyState } from "@/components/dashboard/empty-state";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { RECENT_ASSIGNMENTS, type AssignedRef, type AssignmentListRow } from "@/lib/fleet/assignments";
import { formatDateTime } from "@/lib/platform/zoned-time";
import type { ActionResult } from "@/lib/access/actions";
import { AssignmentControl } from "./assignment-control";

type Props = {
  /** The page's driver or vehicle. */
  subject: { kind: "driver" | "vehicle"; name: string };
  /** Its partner now (lib/fleet/assignments: an assignment, else the static default), or nobody. */
  now: AssignedRef | null;
  /** Null when the user's role may not assign. */
  control: {
    options: { id: number; name: string }[];
    assign: (partnerId: number) => Promise<ActionResult>;
    end: (assignmentId: number) => Promise<ActionResult>;
  } | null;
  /** Its recent assignments, newest first (findRecentAssignments). */
  history: AssignmentListRow[];
  timeZone: string;
};

/**
 * A driver's vehicle or a vehicle's driver: who it is now and why, the control to assign from now
 * or end the running assignment, and the recent history. The driver's page and the vehicle's edit
 * page show the same section from either side.
 */
export const AssignmentSection = ({ subject, now, control, history, timeZone }: Props) => {
  const partner = subject.kind === "driver" ? "vehicle" : "driver";
  const why = now?.assignmentId === null ? "static assignment, the default" : "assigned";
  return (
    <section className="page" aria-labelledby="assignment-heading">
      <h2 id="assignment-heading" style={{ marginTop: 0 }}>
        {partner === "vehicle" ? "Vehicle assignment" : "Driver assignment"}
      </h2>
      <p className="muted" data-testid="assigned-now">
        {now ? `${subject.kind === "driver" ? "Now driving" : "Now driven by"} ${now.name} (${why}).` : `No ${partner} now.`}
      </p>
      {control && (
        <AssignmentControl
          subjectName={subject.name}
          partner={partner}
          options={control.options}
          current={now?.assignmentId ? { assignmentId: now.assignmentId, partnerName: now.name } : null}
          assign={control.assign}
          end={control.end}
        />
      )}
      {history.length === 0 ? (
        <EmptyState title={`No assignments in the last ${RECENT_ASSIGNMENTS.days} days`}>
          Without one, the {subject.kind}&apos;s static {partner} is the default.
        </EmptyState>
      ) : (
        <ScrollRegion label={`Assignments of the last ${RECENT_ASSIGNMENTS.days} days`}>
          <table className="data cards-on-phone" data-testid="assignment-history">
            <thead>
              <tr>
                <th>{partner === "vehicle" ? "Vehicle" : "Driver"}</th>
                <th>From</th>
                <th>Until</th>
                <th>Made by</th>
              </tr>
            </thead>
            <tbody>
              {history.map((assignment) => (
                <tr key={assignment.id}>
                  <td className="card-title">
                    {assignment[partner].name}
                    {assignment.isPassenger ? " (passenger)" : ""}
                  </td>
                  <td data-label="From">{formatDateTime(assignment.startTime, timeZone)}</td>
                  <td data-label="Until">{assignment.endTime ? formatDateTime(assignment.endTime, timeZone) : "ongoing"}</td>
                  <td data-label="Made by">{assignment.source === "api" ? (assignment.sourceName ?? "API") : "Dashboard"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
};
