import { deleteContactEndpoint, getContactEndpoint, updateContactEndpoint } from "@/lib/interfaces/fleet-api/endpoints/contacts";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getContactEndpoint, updateContactEndpoint, deleteContactEndpoint);
