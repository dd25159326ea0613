import { createGatewayEndpoint, listGatewaysEndpoint } from "@/lib/fleet-api/endpoints/gateways";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listGatewaysEndpoint, createGatewayEndpoint);
