export { createProgram, deleteProgram, updateProgram, type ProgramRow } from "./manage-programs";
export { getProgram, listPrograms, listVehicleMaintenance, type VehicleMaintenanceRow } from "./list-maintenance";
export { programInputSchema, type ProgramInput } from "./program-input";
export { recordService } from "./record-service";
export { duePointOf, DUE_SOON_SHARE, type DuePoint } from "./maintenance-status";
