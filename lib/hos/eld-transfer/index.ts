export { eldTransferMethods } from "./transfer-settings";
export { transferEldFile, type EldTransferResult } from "./transfer-eld-file";
export { monitorEldTransfer } from "./monitor-transfer";
