import { createAddressEndpoint, listAddressesEndpoint } from "@/lib/interfaces/fleet-api/endpoints/addresses";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listAddressesEndpoint, createAddressEndpoint);
