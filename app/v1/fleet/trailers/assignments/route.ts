import { v1TrailerAssignmentsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/trailer-assignments";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(v1TrailerAssignmentsEndpoint);
