import {
  createWorkOrderEndpoint,
  deleteWorkOrderEndpoint,
  listWorkOrdersEndpoint,
  patchWorkOrderEndpoint,
} from "@/lib/interfaces/fleet-api/endpoints/work-orders";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PATCH, DELETE } = route(listWorkOrdersEndpoint, createWorkOrderEndpoint, patchWorkOrderEndpoint, deleteWorkOrderEndpoint);
