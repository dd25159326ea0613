import Link from "next/link";
import { formatDuration } from "@/lib/dashboard/clock-level";
import type { HosViolationType } from "@/lib/hos";

export const VIOLATION_LABELS: Record<HosViolationType, { title: string; rule: string }> = {
  shiftDrivingHours: { title: "11-hour driving limit", rule: "395.3(a)(3)(i)" },
  shiftHours: { title: "14-hour window", rule: "395.3(a)(2)" },
  restbreakMissed: { title: "30-minute break missed", rule: "395.3(a)(3)(ii)" },
  cycleHoursOn: { title: "60/70-hour cycle", rule: "395.3(b)" },
};

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

type Row = { type: HosViolationType; startTime: Date; durationMs: number; driver?: { id: number; name: string } };

export const ViolationsTable = ({ violations }: { violations: Row[] }) => (
  <div className="table-wrap">
    <table className="data" data-testid="violations-table">
      <thead>
        <tr>
          {violations.some((v) => v.driver) && <th>Driver</th>}
          <th>Violation</th>
          <th>Rule (49 CFR)</th>
          <th>Started (UTC)</th>
          <th className="num">Driving over the limit</th>
        </tr>
      </thead>
      <tbody>
        {violations.map((violation) => (
          <tr key={`${violation.driver?.id ?? ""}-${violation.type}-${violation.startTime.toISOString()}`}>
            {violation.driver && (
              <td>
                <Link href={`/hos/${violation.driver.id}`}>{violation.driver.name}</Link>
              </td>
            )}
            <td>
              <span className="badge status-Cancelled">{VIOLATION_LABELS[violation.type].title}</span>
            </td>
            <td>{VIOLATION_LABELS[violation.type].rule}</td>
            <td>{dateTime.format(violation.startTime)}</td>
            <td className="num">{formatDuration(violation.durationMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
