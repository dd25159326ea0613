import { FilterActions, FilterSelect } from "@/components/dashboard/filter-fields";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@/lib/platform/audit/audit-actions";
import type { AuditLogParams } from "@/lib/platform/audit/audit-log-filters";

const TARGET_LABELS: Record<(typeof AUDIT_TARGET_TYPES)[number], string> = {
  api_key: "API key",
  driver: "Driver",
  company: "Company",
  webhook: "Webhook",
  user: "User",
  assignment: "Vehicle assignment",
  carrier_proposal: "Proposed vehicle",
  client_key: "ClientKey",
  camera_secret: "Camera secret",
  live_share: "Live share link",
  device: "Device",
  ingest_token: "Ingest token",
  vehicle: "Vehicle",
  trailer: "Trailer",
  trailer_assignment: "Trailer assignment",
  tag: "Tag",
  place: "Place",
  contact: "Alert contact",
  alert_rule: "Alert rule",
  hos_log: "HOS log",
  unassigned_driving: "Unassigned driving",
  report_schedule: "Report schedule",
  dvir: "Inspection report (DVIR)",
  dvir_defect: "Inspection defect",
  dvir_defect_type: "Inspection checklist item",
  inspection_settings: "Inspection settings",
  maintenance_program: "Maintenance program",
  work_order: "Work order",
};

/** The audit log's filters as a plain GET form: the URL holds the state, paging restarts at the newest event. */
export const AuditLogFiltersForm = ({ params }: { params: AuditLogParams }) => (
  <form className="filters" method="get" action="/settings/audit-log" aria-label="Filters">
    <label>
      Actor
      <input type="search" name="actor" defaultValue={params.actor ?? ""} placeholder="Name contains" maxLength={200} />
    </label>
    <FilterSelect
      label="Action"
      name="action"
      allLabel="All actions"
      options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
      selected={params.action}
    />
    <FilterSelect
      label="Target"
      name="targetType"
      allLabel="All targets"
      options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: TARGET_LABELS[type] }))}
      selected={params.targetType}
    />
    <label>
      Target id
      <input type="text" name="targetId" defaultValue={params.targetId ?? ""} maxLength={200} />
    </label>
    <label>
      From
      <input type="date" name="from" defaultValue={params.from ?? ""} />
    </label>
    <label>
      To
      <input type="date" name="to" defaultValue={params.to ?? ""} />
    </label>
    <FilterActions submitLabel="Apply" clearHref="/settings/audit-log" />
  </form>
);
