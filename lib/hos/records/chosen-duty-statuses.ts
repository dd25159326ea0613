import type { DutyStatus } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

/** What a driver may choose; Driving comes from the vehicle's motion, never from a tap. */
export const CHOSEN_DUTY_STATUSES = ["offDuty", "sleeperBed", "onDuty", "personalConveyance", "yardMove"] as const satisfies readonly DutyStatus[];
export type ChosenDutyStatus = (typeof CHOSEN_DUTY_STATUSES)[number];

type Allowances = { eldPcEnabled: boolean; eldYmEnabled: boolean };

/** Personal conveyance and yard moves are off until the carrier allows them for the driver (Appendix A 4.3.3.1.1). */
const isAllowed = (driver: Allowances, status: DutyStatus) =>
  (status !== "personalConveyance" || driver.eldPcEnabled) && (status !== "yardMove" || driver.eldYmEnabled);

/** The statuses this driver may choose in the logbook. */
export const choosableStatuses = (driver: Allowances) => CHOSEN_DUTY_STATUSES.filter((status) => isAllowed(driver, status));

/** A driver's own change to a status the carrier has not allowed them: 400. */
export const refuseUnallowedStatus = (driver: Allowances & { id: number }, status: DutyStatus) => {
  if (isAllowed(driver, status)) return;
  const what = status === "personalConveyance" ? "Personal conveyance" : "Yard move";
  throw new AppError("bad_request", `${what} is not allowed for driver ${driver.id}: the carrier allows it per driver (Appendix A 4.3.3.1.1).`);
};
