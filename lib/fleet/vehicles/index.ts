export { vehicleInputSchema, createVehicleSchema, vinSchema, type VehicleInput, type CreateVehicleInput } from "./vehicle-input";
export { listVehicles, type VehicleRow, type ArchiveFilter } from "./list-vehicles";
export { getVehicle } from "./get-vehicle";
export { createVehicle, updateVehicle, setVehicleArchived } from "./save-vehicle";
export { VEHICLE_TYPES, VEHICLE_TYPE_NAMES } from "./vehicle-types";
export { vinProblem, normalizeVin } from "./vin";
