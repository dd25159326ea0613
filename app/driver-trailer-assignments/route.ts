import {
  createDriverTrailerAssignmentEndpoint,
  listDriverTrailerAssignmentsEndpoint,
  updateDriverTrailerAssignmentEndpoint,
} from "@/lib/interfaces/fleet-api/endpoints/trailer-assignments";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PATCH } = route(listDriverTrailerAssignmentsEndpoint, createDriverTrailerAssignmentEndpoint, updateDriverTrailerAssignmentEndpoint);
