import type { ActiveEldCondition } from "@/lib/hos/eld-events/active-eld-conditions";
import { diagnosticAdvice, eldConditionName, MALFUNCTION_DUTIES } from "@/lib/dashboard/view/eld-condition-labels";
import { formatDateTime } from "@/lib/platform/zoned-time";

type Props = {
  conditions: readonly ActiveEldCondition[];
  timeZone: string;
  vehicleName: (vehicleId: number) => string;
  /** The driver is told what to do; the carrier what the driver must do and what it must. */
  audience: "driver" | "carrier";
};

const CARRIER_DUTIES = [
  "The driver notes it, tells you in writing within 24 hours, reconstructs today and the previous 7 days and keeps paper logs meanwhile.",
  "Repair or replace the ELD within 8 days of the driver's notice, or ask FMCSA's division office for more time (395.34(d)).",
] as const;

/** The single malfunction (M) and data diagnostic (D) indicators of Appendix A 4.6.2, for a row or a heading. */
export const EldConditionFlags = ({ conditions }: { conditions: readonly ActiveEldCondition[] }) => {
  const names = (kind: ActiveEldCondition["kind"]) => conditions.filter((c) => c.kind === kind).map(eldConditionName);
  const flags = [
    { kind: "malfunction", letter: "M", names: names("malfunction") },
    { kind: "diagnostic", letter: "D", names: names("diagnostic") },
  ].filter((flag) => flag.names.length > 0);
  return flags.map((flag) => (
    <span key={flag.kind} className={`eld-flag eld-flag-${flag.kind}`} title={flag.names.join(", ")} data-testid={`eld-flag-${flag.kind}`}>
      <span aria-hidden>{flag.letter}</span>
      <span className="visually-hidden">{flag.names.join(", ")}</span>
    </span>
  ));
};

/**
 * A driver's active ELD malfunctions and data diagnostics (4.6.2, 395.34): each with its name, since when and on which
 * ELD, what it means, and for a malfunction what the driver must do. Nothing when there is none.
 */
export const EldConditions = ({ conditions, timeZone, vehicleName, audience }: Props) => {
  if (conditions.length === 0) return null;
  const malfunction = conditions.some((c) => c.kind === "malfunction");
  return (
    <section
      className={`page eld-conditions${malfunction ? " eld-conditions-malfunction" : ""}`}
      aria-labelledby="eld-conditions-heading"
      data-testid="eld-conditions"
    >
      <h2 id="eld-conditions-heading">
        <EldConditionFlags conditions={conditions} /> {malfunction ? "ELD malfunction" : "ELD data diagnostic"}
      </h2>
      <ul className="eld-condition-list">
        {conditions.map((condition) => (
          <li key={`${condition.vehicleId}:${condition.diagnosticCode}`} data-testid="eld-condition">
            <strong>{eldConditionName(condition)}</strong>
            <span className="muted">
              since {formatDateTime(condition.since, timeZone)} ·{" "}
              {condition.vehicleId === null ? "the logbook (any vehicle)" : vehicleName(condition.vehicleId)}
            </span>
            {condition.kind === "diagnostic" && <span>{diagnosticAdvice(condition.diagnosticCode)}</span>}
          </li>
        ))}
      </ul>
      {malfunction && (
        <>
          <p>{audience === "driver" ? "What you must do (49 CFR 395.34):" : "What the rule asks (49 CFR 395.34):"}</p>
          <ol className="eld-condition-duties">
            {(audience === "driver" ? MALFUNCTION_DUTIES : CARRIER_DUTIES).map((duty) => (
              <li key={duty}>{duty}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
};
