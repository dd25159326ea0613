import { updateDvirEndpoint } from "@/lib/interfaces/fleet-api/endpoints/maintenance";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { PATCH } = route(updateDvirEndpoint);
