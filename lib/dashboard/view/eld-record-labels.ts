import type { EldRecordEvent } from "@/lib/hos/eld-file";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules/duty-status-names";

const DUTY_STATUS_BY_CODE = [undefined, DUTY_STATUS_NAMES.offDuty, DUTY_STATUS_NAMES.sleeperBed, DUTY_STATUS_NAMES.driving, DUTY_STATUS_NAMES.onDuty];
const INDICATION_BY_CODE = ["PC / yard move cleared", "Personal conveyance", "Yard move"];

/** Table 6 of Appendix A in words: what an ELD record of type 1–3 says. */
export const eldEventLabel = (event: Pick<EldRecordEvent, "type" | "code">) => {
  if (event.type === 1) return DUTY_STATUS_BY_CODE[event.code]?.name ?? `Duty status ${event.code}`;
  if (event.type === 2) return event.code === 2 ? "Intermediate log (reduced precision)" : "Intermediate log";
  return INDICATION_BY_CODE[event.code] ?? `Indication ${event.code}`;
};

/** Table 7: who made the record. */
export const ELD_ORIGIN_LABELS = { 1: "Automatic", 2: "Driver", 3: "Other user", 4: "Unidentified driver" } as const;
/** Table 8: whether the record stands. */
export const ELD_STATUS_LABELS = { 1: "Active", 2: "Inactive – changed", 3: "Change requested", 4: "Change rejected" } as const;
