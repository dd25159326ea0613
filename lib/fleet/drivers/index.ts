export { driverInputSchema, createDriverSchema, type DriverInput, type CreateDriverInput } from "./driver-input";
export { listDrivers, type DriverRow } from "./list-drivers";
export { getDriver } from "./get-driver";
export { createDriver, updateDriver } from "./save-driver";
export { deleteDriver } from "./delete-driver";
export { signOutDriver } from "./sign-out-driver";
