import type { DefectResolution, DvirType } from "@/db/schema";
import type { DvirStatus } from "@/lib/fleet/inspections";

export const DVIR_TYPE_LABELS: Record<DvirType, string> = { preTrip: "Pre-trip", postTrip: "Post-trip", mechanic: "Mechanic" };

export const RESOLUTION_LABELS: Record<DefectResolution, string> = { repaired: "Repaired", noRepairNeeded: "No repair needed" };

const STATUS = { safe: ["Safe", "Completed"], unsafe: ["Not safe", "Cancelled"], resolved: ["Resolved", "Assigned"] } as const;

/** A report's status as a badge: what the signer declared, or resolved once every defect is. */
export const DvirStatusBadge = ({ status }: { status: DvirStatus }) => <span className={`badge status-${STATUS[status][1]}`}>{STATUS[status][0]}</span>;
