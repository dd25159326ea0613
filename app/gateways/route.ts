import { createGatewayEndpoint, listGatewaysEndpoint } from "@/lib/interfaces/fleet-api/endpoints/gateways";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listGatewaysEndpoint, createGatewayEndpoint);
