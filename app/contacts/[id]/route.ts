import { deleteContactEndpoint, getContactEndpoint, updateContactEndpoint } from "@/lib/fleet-api/endpoints/contacts";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getContactEndpoint, updateContactEndpoint, deleteContactEndpoint);
