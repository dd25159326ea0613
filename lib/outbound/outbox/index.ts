export { claimDueRows, dueClause, LEASE_MS, type OutboxTable } from "./claim-due";
export { RETRY_WINDOW_MS, retryDelayMs, settleAttempt } from "./retry-policy";
export { startOutboxLoop } from "./start-outbox-loop";
