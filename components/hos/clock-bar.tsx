import { formatDuration, getClockFraction, getClockLevel } from "@/lib/dashboard/view/clock-level";

/** One HOS clock as a bar of the time left: green, amber under 1 h, red at 0. */
export const ClockBar = ({ label, remainingMs, limitMs }: { label: string; remainingMs: number; limitMs: number }) => {
  const level = getClockLevel(remainingMs);
  return (
    <div className={`clock-bar clock-${level}`} title={`${label}: ${formatDuration(remainingMs)} left`} data-level={level}>
      <div className="clock-track" aria-hidden>
        <div className="clock-fill" style={{ width: `${getClockFraction(remainingMs, limitMs) * 100}%` }} />
      </div>
      <span className="clock-value">{formatDuration(remainingMs)}</span>
    </div>
  );
};
