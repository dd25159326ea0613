import { route } from "@/lib/platform/http";
import {
  createAssignmentEndpoint,
  deleteAssignmentsEndpoint,
  listAssignmentsEndpoint,
  updateAssignmentEndpoint,
} from "@/lib/interfaces/fleet-api/endpoints/driver-vehicle-assignments";

export const dynamic = "force-dynamic";
export const { GET, POST, PATCH, DELETE } = route(listAssignmentsEndpoint, createAssignmentEndpoint, updateAssignmentEndpoint, deleteAssignmentsEndpoint);
