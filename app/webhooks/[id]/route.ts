import { deleteWebhookEndpoint, getWebhookEndpoint, patchWebhookEndpoint } from "@/lib/interfaces/fleet-api/endpoints/webhooks";
import { route } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

export const { GET, PATCH, DELETE } = route(getWebhookEndpoint, patchWebhookEndpoint, deleteWebhookEndpoint);
