export { ACTION_REGISTRY, type ActionEntry, type ActionSession, type DeniedEvent } from "./action-registry";
export { CHECK_FIELDS, quotedField, type ActionFailure, type ActionResult, type FormValues } from "./action-result";
export { readId } from "./read-id";
