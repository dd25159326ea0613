import type { DutyStatus } from "@/db/schema";

/** Duty statuses as the legacy interface names them (`statusAbbreviation`, `statusDesctiption`). */
export const LEGACY_DUTY_STATUS: Record<DutyStatus, { abbreviation: string; description: string }> = {
  driving: { abbreviation: "D", description: "Driving" },
  onDuty: { abbreviation: "ON", description: "On Duty" },
  offDuty: { abbreviation: "OFF", description: "Off Duty" },
  sleeperBed: { abbreviation: "SB", description: "Sleeper Berth" },
  personalConveyance: { abbreviation: "PC", description: "Personal Conveyance" },
  yardMove: { abbreviation: "YM", description: "Yard Move" },
};
