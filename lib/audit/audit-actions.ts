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
  "place.created",
  "place.updated",
  "place.deleted",
  "place.denied",
  "alert_rule.created",
  "alert_rule.updated",
  "alert_rule.deleted",
  "alert_rule.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "webhook", "place", "alert_rule"] as const;

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
  "place.created": "Place created",
  "place.updated": "Place updated",
  "place.deleted": "Place deleted",
  "place.denied": "Place change refused",
  "alert_rule.created": "Alert rule created",
  "alert_rule.updated": "Alert rule updated",
  "alert_rule.deleted": "Alert rule deleted",
  "alert_rule.denied": "Alert rule change refused",
};
