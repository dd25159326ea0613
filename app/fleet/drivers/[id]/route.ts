import { deleteDriverEndpoint, getDriverEndpoint, updateDriverEndpoint } from "@/lib/fleet-api/endpoints/drivers";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getDriverEndpoint, updateDriverEndpoint, deleteDriverEndpoint);
