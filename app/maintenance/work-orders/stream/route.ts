import { streamWorkOrdersEndpoint } from "@/lib/interfaces/fleet-api/endpoints/work-orders";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET } = route(streamWorkOrdersEndpoint);
