import { deleteUserEndpoint, getUserEndpoint, updateUserEndpoint } from "@/lib/fleet-api/endpoints/users";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getUserEndpoint, updateUserEndpoint, deleteUserEndpoint);
