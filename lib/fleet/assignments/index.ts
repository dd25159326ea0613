export { findDriverForVehicle, findDriversForVehicles, findVehicleForDriver, findVehiclesForDrivers, type AssignedRef } from "./resolve-assignments";
export { findDriversDuring } from "./find-drivers-during";
export { driverResolver, type AssignmentSpan, type DriverAt, type StaticDriver } from "./driver-rule";
export {
  findAssignmentsInRange,
  findRecentAssignments,
  getAssignment,
  RECENT_ASSIGNMENTS,
  type AssignmentListRow,
  type AssignmentPosition,
} from "./find-assignments-in-range";
export {
  assignFromNow,
  createAssignment,
  deleteAssignments,
  endAssignment,
  updateAssignment,
  type AssignmentChanges,
  type NewAssignment,
} from "./save-assignment";
export type { AssignmentRow } from "./assignment-rules";
export { answerProposal, createProposal, listProposals, showDriverProposal, type NewProposal, type ProposalRow } from "./carrier-proposals";
