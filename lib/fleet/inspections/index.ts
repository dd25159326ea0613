export { DEFAULT_CHECKLIST, listDefectTypes, findDefectTypes, type DefectTypeRow } from "./defect-types";
export {
  DVIR_STATUSES,
  getDefect,
  getDvir,
  listDvirs,
  listOpenDefects,
  streamDefects,
  streamDvirs,
  type DefectRow,
  type DvirFilters,
  type DvirRow,
  type DvirStatus,
  type UpdatedPosition,
} from "./read-dvirs";
export { findMechanic, resolveDefect, resolveDvir, type Resolver, type ResolverInput } from "./resolve-defects";
export { submitDvir, type DvirAuthor, type DvirSubmission } from "./submit-dvir";
