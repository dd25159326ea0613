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
  "vehicle.created",
  "vehicle.updated",
  "vehicle.archived",
  "vehicle.unarchived",
  "vehicle.imported",
  "vehicle.denied",
  "tag.created",
  "tag.updated",
  "tag.deleted",
  "tag.denied",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acted on: the part of the action before the dot. */
export const AUDIT_TARGET_TYPES = ["api_key", "driver", "company", "webhook", "vehicle", "tag"] as const;

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
  "vehicle.created": "Vehicle created",
  "vehicle.updated": "Vehicle updated",
  "vehicle.archived": "Vehicle archived",
  "vehicle.unarchived": "Vehicle restored from the archive",
  "vehicle.imported": "Vehicles imported from CSV",
  "vehicle.denied": "Vehicle change refused",
  "tag.created": "Tag created",
  "tag.updated": "Tag updated",
  "tag.deleted": "Tag deleted",
  "tag.denied": "Tag change refused",
};
