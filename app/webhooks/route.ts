import { createWebhookEndpoint, listWebhooksEndpoint } from "@/lib/interfaces/fleet-api/endpoints/webhooks";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, POST } = route(listWebhooksEndpoint, createWebhookEndpoint);
