import { createUserEndpoint, listUsersEndpoint } from "@/lib/fleet-api/endpoints/users";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listUsersEndpoint, createUserEndpoint);
