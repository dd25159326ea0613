/**
 * Every action the audit log records, by what it acted on (the target type) and then its verb, with
 * the label the audit log shows. An action is written `<target type>.<verb>`; `*.denied` is a refused
 * attempt (a role without the right, a crafted server-action call), recorded with its reason.
 */
const AUDIT_LABELS = {
  api_key: {
    created: "API key created",
    revoked: "API key revoked",
    denied: "API key change refused",
    scope_denied: "API key refused: it lacks the scope",
  },
  driver: {
    created: "Driver created",
    updated: "Driver updated",
    deactivated: "Driver deactivated",
    denied: "Driver change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
    sign_in_set: "Driver's logbook password or PIN set",
    sign_in_failed: "Logbook sign-in refused: wrong password or PIN",
    sign_in_throttled: "Logbook sign-in throttled",
    deleted: "Driver deleted (had no history)",
    signed_out: "Driver signed out of the logbook remotely",
  },
  hos_log: {
    status_changed: "Duty status changed in the logbook",
    certified: "Log day certified",
    edit_proposed: "Log edit proposed to the driver",
    edit_accepted: "Log edit accepted by the driver",
    edit_rejected: "Log edit rejected by the driver",
    eld_file_downloaded: "ELD output file downloaded",
    eld_file_transferred: "ELD records sent to FMCSA",
    denied: "Log edit refused",
  },
  unassigned_driving: {
    assigned: "Unassigned driving assigned to a driver",
    annotated: "Unassigned driving annotated",
    accepted: "Unassigned driving accepted by the driver",
    rejected: "Unassigned driving rejected by the driver",
    denied: "Unassigned driving change refused",
  },
  company: {
    updated: "Company settings changed",
    denied: "Company settings change refused",
    created: "Company created",
  },
  user: {
    invited: "User invited",
    created: "User created",
    invite_accepted: "Invite accepted",
    updated: "User renamed",
    role_changed: "User's role changed",
    deactivated: "User deactivated",
    reactivated: "User reactivated",
    password_reset_sent: "Password reset link sent",
    // By a reset link or by the operator (npm run fleet): the actor says which.
    password_reset: "Password reset",
    password_changed: "Own password changed",
    denied: "User change refused",
    sign_in_failed: "Sign-in refused: wrong password",
    sign_in_throttled: "Sign-in throttled: too many wrong passwords",
    password_check_failed: "Wrong current password on the account page",
    signed_out_everywhere: "Signed out everywhere",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  webhook: {
    created: "Webhook created",
    updated: "Webhook updated",
    deleted: "Webhook deleted",
    redelivered: "Webhook event sent again",
    tested: "Webhook test event sent",
    denied: "Webhook change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  live_share: {
    created: "Live location shared",
    updated: "Live share link changed",
    revoked: "Live share link revoked",
    denied: "Live location sharing refused",
  },
  assignment: {
    created: "Vehicle assigned to a driver",
    updated: "Vehicle assignment changed",
    deleted: "Vehicle assignment deleted",
    denied: "Vehicle assignment refused",
  },
  carrier_proposal: {
    created: "Vehicle proposed to a driver",
    accepted: "Proposed vehicle accepted by the driver",
    rejected: "Proposed vehicle rejected by the driver",
  },
  client_key: {
    created: "ClientKey created",
    revoked: "ClientKey revoked",
    denied: "ClientKey change refused",
  },
  camera_secret: {
    created: "Camera secret created",
    rotated: "Camera secret rotated",
    revoked: "Camera secret revoked",
    denied: "Camera secret change refused",
  },
  device: {
    registered: "Device registered",
    claimed: "Unclaimed device claimed",
    bound: "Device bound to a vehicle",
    unbound: "Device unbound",
    unregistered: "Device removed",
    command_queued: "Command queued for the device",
    denied: "Device change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  ingest_token: {
    created: "Ingest token created",
    revoked: "Ingest token revoked",
    denied: "Ingest token change refused",
  },
  vehicle: {
    created: "Vehicle created",
    updated: "Vehicle updated",
    archived: "Vehicle archived",
    unarchived: "Vehicle restored from the archive",
    imported: "Vehicles imported from CSV",
    denied: "Vehicle change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  trailer: {
    created: "Trailer created",
    updated: "Trailer updated",
    deleted: "Trailer deleted (archived: its history kept)",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  trailer_assignment: {
    created: "Trailer assigned to a driver",
    updated: "Trailer assignment ended",
  },
  tag: {
    created: "Tag created",
    updated: "Tag updated",
    deleted: "Tag deleted",
    denied: "Tag change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  place: {
    created: "Place created",
    updated: "Place updated",
    deleted: "Place deleted",
    denied: "Place change refused",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  contact: {
    created: "Alert contact created",
    updated: "Alert contact updated",
    deleted: "Alert contact deleted",
    foreign_lookup: "Asked for by another company (answered 404)",
  },
  alert_rule: {
    created: "Alert rule created",
    updated: "Alert rule updated",
    deleted: "Alert rule deleted",
    denied: "Alert rule change refused",
  },
  dvir: {
    submitted: "Vehicle inspection report submitted",
    resolved: "Vehicle inspection report resolved",
    reviewed: "Vehicle inspection report reviewed by the next driver",
    deleted: "Vehicle inspection reports deleted past the retention",
  },
  dvir_defect: {
    resolved: "Defect resolved (repaired or no repair needed)",
    denied: "Defect resolution refused",
  },
  dvir_defect_type: {
    added: "Inspection checklist item added",
    retired: "Inspection checklist item retired",
    denied: "Inspection checklist change refused",
  },
  inspection_settings: {
    updated: "Inspection report retention changed",
    denied: "Inspection settings change refused",
  },
  maintenance_program: {
    created: "Maintenance program created",
    updated: "Maintenance program updated",
    deleted: "Maintenance program deleted",
    serviced: "Service recorded on a maintenance program",
    denied: "Maintenance program change refused",
  },
  work_order: {
    created: "Work order opened",
    updated: "Work order updated",
    deleted: "Work order deleted",
    denied: "Work order change refused",
  },
  report_schedule: {
    created: "Report scheduled by e-mail",
    deleted: "Report schedule deleted",
    denied: "Report schedule change refused",
  },
} as const satisfies Record<string, Record<string, string>>;

type AuditLabels = typeof AUDIT_LABELS;

/** What an action acted on: the part of the action before the dot. */
export type AuditTargetType = keyof AuditLabels;

export type AuditAction = { [T in AuditTargetType]: `${T}.${keyof AuditLabels[T] & string}` }[AuditTargetType];

export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_LABELS) as [AuditTargetType, ...AuditTargetType[]];

/** Each action's label, by its `<target type>.<verb>` name. */
export const AUDIT_ACTION_LABELS = Object.fromEntries(
  Object.entries(AUDIT_LABELS).flatMap(([type, verbs]) => Object.entries(verbs).map(([verb, label]) => [`${type}.${verb}`, label])),
) as Record<AuditAction, string>;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
