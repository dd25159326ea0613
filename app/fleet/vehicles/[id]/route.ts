import { getVehicleEndpoint, updateVehicleEndpoint } from "@/lib/interfaces/fleet-api/endpoints/vehicles";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH } = route(getVehicleEndpoint, updateVehicleEndpoint);
