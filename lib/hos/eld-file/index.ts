export { buildEldFile, ELD_FILE_SEGMENTS, ELD_LINE_END, UNIDENTIFIED_DRIVER, eldText, homeTerminalClock, powerUnitNumberOf } from "./build-eld-file";
export { checkCharValue, eventDataCheckValue, fileDataCheckValue, lineDataCheckValue } from "./check-values";
export { eldFileName } from "./eld-file-name";
export type * from "./eld-file-input";
export { exportEldFile, type EldFileExport } from "./export-eld-file";
export { eldFileRange, loadEldFileInput, ELD_FILE_MAX_AGE_DAYS, type EldFileRange } from "./load-eld-file-input";
