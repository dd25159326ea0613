import { createContactEndpoint, listContactsEndpoint } from "@/lib/fleet-api/endpoints/contacts";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listContactsEndpoint, createContactEndpoint);
