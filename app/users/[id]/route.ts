import { deleteUserEndpoint, getUserEndpoint, updateUserEndpoint } from "@/lib/interfaces/fleet-api/endpoints/users";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getUserEndpoint, updateUserEndpoint, deleteUserEndpoint);
