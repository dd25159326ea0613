export { createProgram, deleteProgram, updateProgram, type ProgramRow } from "./manage-programs";
export { getProgram, listPrograms, listVehicleMaintenance, pagePrograms, type VehicleMaintenanceRow } from "./list-maintenance";
export { programInputSchema, type ProgramInput } from "./program-input";
export { recordService } from "./record-service";
export { duePointOf, DUE_SOON_SHARE, type DuePoint } from "./maintenance-status";
export { createWorkOrder, deleteWorkOrder, updateWorkOrder, type WorkOrderRow } from "./manage-work-orders";
export { costOf, getWorkOrder, listWorkOrders, streamWorkOrders, type WorkOrderView } from "./list-work-orders";
export { createWorkOrderSchema, updateWorkOrderSchema, workOrderLineSchema, type CreateWorkOrderInput, type UpdateWorkOrderInput } from "./work-order-input";
export { workOrdersCsv } from "./work-orders-csv";
