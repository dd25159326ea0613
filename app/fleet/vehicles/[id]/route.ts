import { getVehicleEndpoint, updateVehicleEndpoint } from "@/lib/fleet-api/endpoints/vehicles";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH } = route(getVehicleEndpoint, updateVehicleEndpoint);
