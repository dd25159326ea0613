export { trailerInputSchema, createTrailerSchema, serialOf, type TrailerInput, type CreateTrailerInput } from "./trailer-input";
export { getTrailer, createTrailer, updateTrailer, deleteTrailer } from "./save-trailer";
export {
  listDriverTrailerAssignments,
  createDriverTrailerAssignment,
  endDriverTrailerAssignment,
  type TrailerAssignmentRow,
} from "./driver-trailer-assignments";
export { findCouplings, findCoupledTrailerNames, type Coupling } from "./find-couplings";
