import { deleteDriverEndpoint, getDriverEndpoint, updateDriverEndpoint } from "@/lib/interfaces/fleet-api/endpoints/drivers";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getDriverEndpoint, updateDriverEndpoint, deleteDriverEndpoint);
