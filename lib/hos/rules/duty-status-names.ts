import type { DutyStatus } from "./types";

/**
 * Each duty status's ELD abbreviation and name. The legacy interface sends them as
 * `statusAbbreviation` / `statusDesctiption`, and the dashboard shows the same words.
 */
export const DUTY_STATUS_NAMES: Record<DutyStatus, { abbreviation: string; name: string }> = {
  offDuty: { abbreviation: "OFF", name: "Off Duty" },
  sleeperBed: { abbreviation: "SB", name: "Sleeper Berth" },
  driving: { abbreviation: "D", name: "Driving" },
  onDuty: { abbreviation: "ON", name: "On Duty" },
  yardMove: { abbreviation: "YM", name: "Yard Move" },
  personalConveyance: { abbreviation: "PC", name: "Personal Conveyance" },
};
