/**
 * Every action the audit log records, as `<target type>.<verb>`. `*.denied` is a refused attempt
 * (a role without the right, a crafted server-action call), recorded with its reason.
 */
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.revoked",
  "api_key.denied",
  "driver.created",
  "driver.updated",
  "driver.deactivated",
  "driver.denied",
  "driver.sign_in_set",
  "hos_log.status_changed",
  "hos_log.certified",
  "unassigned_driving.assigned",
  "unassigned_driving.annotated",
  "unassigned_driving.accepted",
  "unassigned_driving.rejected",
  "unassigned_driving.denied",
  "company.updated",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.redelivered",
  "webhook.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "webhook", "hos_log", "unassigned_driving"] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "api_key.denied": "API key change refused",
  "driver.created": "Driver created",
  "driver.updated": "Driver updated",
  "driver.deactivated": "Driver deactivated",
  "driver.denied": "Driver change refused",
  "driver.sign_in_set": "Driver's logbook password or PIN set",
  "hos_log.status_changed": "Duty status changed in the logbook",
  "hos_log.certified": "Log day certified",
  "unassigned_driving.assigned": "Unassigned driving assigned to a driver",
  "unassigned_driving.annotated": "Unassigned driving annotated",
  "unassigned_driving.accepted": "Unassigned driving accepted by the driver",
  "unassigned_driving.rejected": "Unassigned driving rejected by the driver",
  "unassigned_driving.denied": "Unassigned driving change refused",
  "company.updated": "Company settings changed",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook updated",
  "webhook.deleted": "Webhook deleted",
  "webhook.redelivered": "Webhook event sent again",
  "webhook.denied": "Webhook change refused",
};
