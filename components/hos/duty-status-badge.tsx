import type { DutyStatus } from "@/lib/hos";

export const DUTY_STATUS_LABELS: Record<DutyStatus, { short: string; long: string }> = {
  offDuty: { short: "OFF", long: "Off duty" },
  sleeperBed: { short: "SB", long: "Sleeper berth" },
  driving: { short: "D", long: "Driving" },
  onDuty: { short: "ON", long: "On duty" },
  yardMove: { short: "YM", long: "Yard move" },
  personalConveyance: { short: "PC", long: "Personal conveyance" },
};

export const DutyStatusBadge = ({ status }: { status: DutyStatus }) => (
  <span className={`duty-badge duty-${status}`} title={DUTY_STATUS_LABELS[status].long}>
    {DUTY_STATUS_LABELS[status].short} <span className="duty-long">{DUTY_STATUS_LABELS[status].long}</span>
  </span>
);
