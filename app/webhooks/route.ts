import { createWebhookEndpoint, listWebhooksEndpoint } from "@/lib/fleet-api/endpoints/webhooks";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listWebhooksEndpoint, createWebhookEndpoint);
