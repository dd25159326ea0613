import { formatDuration } from "@/lib/dashboard/view/clock-level";
import { buildLogGraph, LOG_GRAPH_ROWS } from "@/lib/dashboard/view/log-graph-geometry";
import type { DutyStatusEntry } from "@/lib/hos/rules";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";

const LABEL_WIDTH = 44;
const GRID_WIDTH = 864;
const TOTAL_WIDTH = 72;
const HEADER = 22;
const ROW = 30;
const WIDTH = LABEL_WIDTH + GRID_WIDTH + TOTAL_WIDTH;
const HEIGHT = HEADER + ROW * LOG_GRAPH_ROWS.length + 4;

const hourLabel = (instant: Date, timezone: string) => {
  const hour = Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: timezone }).format(instant));
  if (hour === 0) return "M";
  if (hour === 12) return "N";
  return String(hour % 12);
};

/**
 * The classic ELD graph grid (49 CFR 395.8(g)) for one driver day: one row per status with
 * quarter-hour ticks, the stepped duty-status line, and each row's total at the right.
 */
export const EldLogGraph = ({
  log,
  dayStart,
  dayEnd,
  until,
  timezone,
}: {
  log: DutyStatusEntry[];
  dayStart: Date;
  dayEnd: Date;
  until?: Date;
  timezone: string;
}) => {
  const graph = buildLogGraph({ log, dayStart, dayEnd, until });
  const x = (fraction: number) => LABEL_WIDTH + fraction * GRID_WIDTH;
  const y = (row: number) => HEADER + row * ROW + ROW / 2;
  const totalMs = Object.values(graph.totalsMs).reduce((sum, ms) => sum + ms, 0);
  const quarterTicks = graph.hourTicks.slice(0, -1).flatMap((tick, i) => [1, 2, 3].map((q) => tick + (q * (graph.hourTicks[i + 1] - tick)) / 4));
  return (
    <svg className="eld-graph" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Duty status graph" data-testid="eld-log-graph">
      <rect x={LABEL_WIDTH} y={HEADER} width={GRID_WIDTH} height={ROW * LOG_GRAPH_ROWS.length} className="eld-grid-bg" />
      {graph.hourTicks.map((tick, h) => (
        <g key={`h${h}`}>
          <line x1={x(tick)} x2={x(tick)} y1={HEADER} y2={HEADER + ROW * LOG_GRAPH_ROWS.length} className="eld-hour" />
          <text x={x(tick)} y={HEADER - 7} className="eld-hour-label" textAnchor="middle">
            {hourLabel(new Date(dayStart.getTime() + h * 3_600_000), timezone)}
          </text>
        </g>
      ))}
      {LOG_GRAPH_ROWS.map((row, r) => (
        <g key={row}>
          <line x1={LABEL_WIDTH} x2={LABEL_WIDTH + GRID_WIDTH} y1={HEADER + (r + 1) * ROW} y2={HEADER + (r + 1) * ROW} className="eld-row-line" />
          {quarterTicks.map((tick, q) => (
            <line key={q} x1={x(tick)} x2={x(tick)} y1={HEADER + r * ROW} y2={HEADER + r * ROW + (q % 3 === 1 ? 10 : 6)} className="eld-tick" />
          ))}
          <text x={LABEL_WIDTH - 8} y={y(r) + 4} textAnchor="end" className="eld-row-label">
            {DUTY_STATUS_NAMES[row].abbreviation}
          </text>
          <text x={WIDTH - 6} y={y(r) + 4} textAnchor="end" className="eld-row-total" data-testid={`eld-total-${row}`}>
            {formatDuration(graph.totalsMs[row])}
          </text>
        </g>
      ))}
      <rect x={LABEL_WIDTH} y={HEADER} width={GRID_WIDTH} height={ROW * LOG_GRAPH_ROWS.length} className="eld-grid-border" />
      {graph.points.length > 0 && (
        <polyline points={graph.points.map(([fx, row]) => `${x(fx)},${y(row)}`).join(" ")} className="eld-line" data-testid="eld-line" />
      )}
      {graph.segments
        .filter((segment) => segment.status === "personalConveyance" || segment.status === "yardMove")
        .map((segment) => (
          <line
            key={segment.start.toISOString()}
            x1={x(segment.x1)}
            x2={x(segment.x2)}
            y1={y(segment.row)}
            y2={y(segment.row)}
            className="eld-special"
            strokeDasharray="4 3"
          >
            <title>{DUTY_STATUS_NAMES[segment.status].name}</title>
          </line>
        ))}
      <text x={WIDTH - 6} y={HEADER - 7} textAnchor="end" className="eld-hour-label">
        {formatDuration(totalMs)}
      </text>
    </svg>
  );
};
