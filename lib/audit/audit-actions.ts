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
  "company.updated",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.redelivered",
  "webhook.denied",
  "company.created",
  "user.password_reset",
  "assignment.created",
  "assignment.updated",
  "assignment.deleted",
  "assignment.denied",
  "client_key.created",
  "client_key.revoked",
  "client_key.denied",
  "camera_secret.created",
  "camera_secret.rotated",
  "camera_secret.revoked",
  "camera_secret.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "webhook", "user", "assignment", "client_key", "camera_secret"] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "api_key.denied": "API key change refused",
  "driver.created": "Driver created",
  "driver.updated": "Driver updated",
  "driver.deactivated": "Driver deactivated",
  "driver.denied": "Driver change refused",
  "company.updated": "Company settings changed",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook updated",
  "webhook.deleted": "Webhook deleted",
  "webhook.redelivered": "Webhook event sent again",
  "webhook.denied": "Webhook change refused",
  "company.created": "Company created",
  "user.password_reset": "Password reset by the operator",
  "assignment.created": "Vehicle assigned to a driver",
  "assignment.updated": "Vehicle assignment changed",
  "assignment.deleted": "Vehicle assignment deleted",
  "assignment.denied": "Vehicle assignment refused",
  "client_key.created": "ClientKey created",
  "client_key.revoked": "ClientKey revoked",
  "client_key.denied": "ClientKey change refused",
  "camera_secret.created": "Camera secret created",
  "camera_secret.rotated": "Camera secret rotated",
  "camera_secret.revoked": "Camera secret revoked",
  "camera_secret.denied": "Camera secret change refused",
};
