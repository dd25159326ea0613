import { hosViolationsEndpoint } from "@/lib/interfaces/fleet-api/endpoints/hos";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(hosViolationsEndpoint);
