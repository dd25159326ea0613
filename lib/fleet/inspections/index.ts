export { DEFAULT_CHECKLIST, listDefectTypes, findDefectTypes, type DefectTypeRow } from "./defect-types";
export { defectHistory, getDefect, listOpenDefects, streamDefects } from "./read-defects";
export {
  DVIR_STATUSES,
  dvirHistory,
  getDvir,
  listDvirs,
  streamDvirs,
  type DefectRow,
  type DvirFilters,
  type DvirRow,
  type DvirStatus,
  type UpdatedPosition,
} from "./read-dvirs";
export { findMechanic, resolveDefect, resolveDvir, type Resolver, type ResolverInput } from "./resolve-defects";
export { submitDvir, type DvirAuthor, type DvirSubmission } from "./submit-dvir";
export { listOutOfServiceVehicles, type OutOfServiceVehicle } from "./out-of-service";
export { addDefectType, retireDefectType } from "./manage-checklist";
export { readDefectPhoto, sniffPhotoType, uploadDefectPhoto, type DefectPhoto } from "./defect-photos";
export { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_DEFECT } from "./photo-limits";
export { findReviewDue, signDvirReview } from "./review-dvir";
export { exportDvirPdf } from "./export-dvir-pdf";
export { getDvirRetention, setDvirRetention, MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from "./retention-setting";
export { purgeExpiredDvirs, type PurgedDvirs } from "./purge-expired-dvirs";
