export { findDriverForVehicle, findDriversForVehicles, findVehicleForDriver, findVehiclesForDrivers, type AssignedRef } from "./resolve-assignments";
export { findAssignmentsInRange, getAssignment, type AssignmentListRow, type AssignmentPosition } from "./find-assignments-in-range";
export { assignVehicleFromNow, createAssignment, deleteAssignments, endAssignment, updateAssignment, type AssignmentChanges, type NewAssignment } from "./save-assignment";
export type { AssignmentRow } from "./assignment-rules";
