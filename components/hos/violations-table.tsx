import { Link } from "@/components/ui/link";
import { formatDuration } from "@/lib/dashboard/view/clock-level";
import type { HosViolationType } from "@/lib/hos/rules";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const VIOLATION_LABELS: Record<HosViolationType, { title: string; rule: string }> = {
  shiftDrivingHours: { title: "11-hour driving limit", rule: "395.3(a)(3)(i)" },
  shiftHours: { title: "14-hour window", rule: "395.3(a)(2)" },
  restbreakMissed: { title: "30-minute break missed", rule: "395.3(a)(3)(ii)" },
  cycleHoursOn: { title: "60/70-hour cycle", rule: "395.3(b)" },
};

type Row = { type: HosViolationType; startTime: Date; durationMs: number; driver?: { id: number; name: string } };

export const ViolationsTable = ({ violations, timeZone }: { violations: Row[]; timeZone: string }) => (
  <ScrollRegion label="Violations">
    <table className="data cards-on-phone" data-testid="violations-table">
      <thead>
        <tr>
          {violations.some((v) => v.driver) && <th>Driver</th>}
          <th>Violation</th>
          <th>Rule (49 CFR)</th>
          <th>Started</th>
          <th className="num">Driving over the limit</th>
        </tr>
      </thead>
      <tbody>
        {violations.map((violation) => (
          <tr key={`${violation.driver?.id ?? ""}-${violation.type}-${violation.startTime.toISOString()}`}>
            {violation.driver && (
              <td className="card-title">
                <Link href={`/hos/${violation.driver.id}`}>{violation.driver.name}</Link>
              </td>
            )}
            <td data-label="Violation">
              <span className="badge status-Cancelled">{VIOLATION_LABELS[violation.type].title}</span>
            </td>
            <td data-label="Rule">{VIOLATION_LABELS[violation.type].rule}</td>
            <td data-label="Started">{formatDateTime(violation.startTime, timeZone)}</td>
            <td data-label="Over limit" className="num">
              {formatDuration(violation.durationMs)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
