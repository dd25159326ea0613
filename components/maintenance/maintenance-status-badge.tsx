import type { MaintenanceStatus } from "@/db/schema";

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = { ok: "OK", dueSoon: "Due soon", overdue: "Overdue" };

const STYLE: Record<MaintenanceStatus, string> = { ok: "Completed", dueSoon: "Assigned", overdue: "Cancelled" };

/** A vehicle's status on a program as a badge. */
export const MaintenanceStatusBadge = ({ status }: { status: MaintenanceStatus }) => (
  <span className={`badge status-${STYLE[status]}`}>{MAINTENANCE_STATUS_LABELS[status]}</span>
);
