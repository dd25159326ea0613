import { deleteWebhookEndpoint, getWebhookEndpoint, patchWebhookEndpoint } from "@/lib/fleet-api/endpoints/webhooks";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getWebhookEndpoint, patchWebhookEndpoint, deleteWebhookEndpoint);
