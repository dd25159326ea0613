export { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from "./audit-actions";
export { actorUserId, adminTokenActor, anonymousActor, apiKeyActor, driverActor, operatorActor, userActor, type AuditActor } from "./audit-actor";
export { changedFields, recordAuditEvent } from "./record-audit-event";
export { recordRefusal } from "./record-refusal";
export { revokeOnce } from "./revoke-once";
export { recordForeignLookup, type ForeignLookupTarget } from "./record-foreign-lookup";
export { eachAuditEvent, listAuditEvents, type AuditEvent, type AuditEventFilters } from "./list-audit-events";
export { parseAuditLogParams, toAuditLogSearchParams, type AuditLogParams } from "./audit-log-filters";
