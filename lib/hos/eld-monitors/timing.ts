import { setIndicator, type EldMonitorState, type IndicatorChange } from "./monitor-state";

/** Table 4: the timing compliance malfunction. */
export const TIMING = "T";
/** 4.3.1.5: the ELD's time may differ from UTC by 10 minutes at most. */
const LIMIT_MS = 10 * 60_000;

/**
 * Timing compliance (4.6.1.3) at one report, checked against the service's clock (the external UTC source) when it
 * processes the report, seconds after receiving it. Only a report dated more than 10 minutes ahead proves the device's
 * clock wrong: one dated in the past may be a record the device kept while offline. So a report from the future logs
 * the malfunction (at the service's time), the next report within 10 minutes of that clock clears it.
 */
export const monitorTiming = (state: EldMonitorState, changes: IndicatorChange[], { at, now }: { at: number; now: number }) => {
  if (at - now > LIMIT_MS) setIndicator(state, changes, { at: now, diagnosticCode: TIMING, logged: true });
  else if (Math.abs(at - now) <= LIMIT_MS) setIndicator(state, changes, { at, diagnosticCode: TIMING, logged: false });
};
