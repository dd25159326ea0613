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
  "device.registered",
  "device.claimed",
  "device.bound",
  "device.unbound",
  "device.unregistered",
  "device.denied",
  "ingest_token.created",
  "ingest_token.revoked",
  "ingest_token.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "webhook", "device", "ingest_token"] as const;

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
  "device.registered": "Device registered",
  "device.claimed": "Unclaimed device claimed",
  "device.bound": "Device bound to a vehicle",
  "device.unbound": "Device unbound",
  "device.unregistered": "Device removed",
  "device.denied": "Device change refused",
  "ingest_token.created": "Ingest token created",
  "ingest_token.revoked": "Ingest token revoked",
  "ingest_token.denied": "Ingest token change refused",
};
