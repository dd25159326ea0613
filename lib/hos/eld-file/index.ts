export { buildEldFile, ELD_FILE_SEGMENTS, ELD_LINE_END, UNIDENTIFIED_DRIVER } from "./build-eld-file";
export { eldText, homeTerminalClock, powerUnitNumberOf } from "@/lib/hos/eld-record/record-elements";
export { checkCharValue, eventDataCheckValue, fileDataCheckValue, lineDataCheckValue } from "@/lib/hos/eld-record/check-values";
export { eldFileName } from "./eld-file-name";
export type * from "./eld-file-input";
export { exportEldFile, makeEldFile, type EldFileExport } from "./export-eld-file";
export { eldFileRange, loadEldFileInput, ELD_FILE_MAX_AGE_DAYS, type EldFileRange } from "./load-eld-file-input";
export { loadRoadsideRecords } from "./roadside-records";
