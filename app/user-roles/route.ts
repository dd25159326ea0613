import { listUserRolesEndpoint } from "@/lib/fleet-api/endpoints/users";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listUserRolesEndpoint);
