import { listVehiclesEndpoint } from "@/lib/interfaces/fleet-api/endpoints/vehicles";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listVehiclesEndpoint);
