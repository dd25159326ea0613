import { deleteAddressEndpoint, getAddressEndpoint, updateAddressEndpoint } from "@/lib/fleet-api/endpoints/addresses";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getAddressEndpoint, updateAddressEndpoint, deleteAddressEndpoint);
