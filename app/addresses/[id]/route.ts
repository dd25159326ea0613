import { deleteAddressEndpoint, getAddressEndpoint, updateAddressEndpoint } from "@/lib/interfaces/fleet-api/endpoints/addresses";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getAddressEndpoint, updateAddressEndpoint, deleteAddressEndpoint);
