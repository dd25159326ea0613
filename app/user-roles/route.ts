import { listUserRolesEndpoint } from "@/lib/interfaces/fleet-api/endpoints/users";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(listUserRolesEndpoint);
