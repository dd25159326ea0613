import { createContactEndpoint, listContactsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/contacts";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listContactsEndpoint, createContactEndpoint);
