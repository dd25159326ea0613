export { COMMAND_TEXTS, commandTextFor } from "./command-texts";
export { toDeviceCommand, type DeviceCommand } from "./device-command-record";
export { COMMAND_EXPIRY_MS, recordCommandAnswer, takeQueuedCommands, type QueuedCommand } from "./deliver-device-commands";
export { listDeviceCommands } from "./list-device-commands";
export { CUSTOM_COMMAND_MAX, queueDeviceCommand } from "./queue-device-command";
export { listImmobilizerStates, type ImmobilizerState } from "./list-immobilizer-states";
export { findVehicleTracker, takesCommands } from "./vehicle-tracker";
