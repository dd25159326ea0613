import { createAddressEndpoint, listAddressesEndpoint } from "@/lib/fleet-api/endpoints/addresses";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listAddressesEndpoint, createAddressEndpoint);
