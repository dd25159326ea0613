import { DUTY_STATUS_NAMES, type DutyStatus } from "@/lib/hos/rules";

export const DutyStatusBadge = ({ status }: { status: DutyStatus }) => (
  <span className={`duty-badge duty-${status}`} title={DUTY_STATUS_NAMES[status].name}>
    {DUTY_STATUS_NAMES[status].abbreviation} <span className="duty-long">{DUTY_STATUS_NAMES[status].name}</span>
  </span>
);
