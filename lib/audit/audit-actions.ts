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
  "company.denied",
  "user.invited",
  "user.created",
  "user.invite_accepted",
  "user.updated",
  "user.role_changed",
  "user.deactivated",
  "user.reactivated",
  "user.password_reset_sent",
  "user.password_reset",
  "user.password_changed",
  "user.denied",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.redelivered",
  "webhook.denied",
  "live_share.created",
  "live_share.updated",
  "live_share.revoked",
  "live_share.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "user", "webhook", "live_share"] as const;

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
  "company.denied": "Company settings change refused",
  "user.invited": "User invited",
  "user.created": "User created",
  "user.invite_accepted": "Invite accepted",
  "user.updated": "User renamed",
  "user.role_changed": "User's role changed",
  "user.deactivated": "User deactivated",
  "user.reactivated": "User reactivated",
  "user.password_reset_sent": "Password reset link sent",
  "user.password_reset": "Password reset by link",
  "user.password_changed": "Own password changed",
  "user.denied": "User change refused",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook updated",
  "webhook.deleted": "Webhook deleted",
  "webhook.redelivered": "Webhook event sent again",
  "webhook.denied": "Webhook change refused",
  "live_share.created": "Live location shared",
  "live_share.updated": "Live share link changed",
  "live_share.revoked": "Live share link revoked",
  "live_share.denied": "Live location sharing refused",
};
