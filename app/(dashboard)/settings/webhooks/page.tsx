import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { listWebhooks } from "@/lib/outbound/webhooks/manage-webhooks";
import { listWebhookDeliveries } from "@/lib/outbound/webhooks/webhook-delivery-log";
import { maskHeaders, maskWebhookSecret } from "@/lib/outbound/webhooks/webhook-secret";
import { CREATE_PARAMETER } from "@/components/ui/form-opener";
import { WebhooksPageClient } from "./page-client";

export const metadata = { title: "Webhooks" };

const Page = async ({ searchParams }: { searchParams: Promise<{ webhook?: string; [CREATE_PARAMETER]?: string }> }) => {
  const user = await requireUser(SECTIONS.webhooks.roles);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const query = await searchParams;
  const selected = Number(query.webhook);
  const webhookId = Number.isSafeInteger(selected) && selected > 0 ? selected : undefined;
  const [rows, deliveries] = await Promise.all([listWebhooks({ ...tenant, limit: 100 }), listWebhookDeliveries({ ...tenant, webhookId, limit: 100 })]);
  // The secret and the custom header values never reach the browser after creation.
  const webhooks = rows.map(({ secretKey, customHeaders, ...row }) => ({
    ...row,
    secretKey: maskWebhookSecret(secretKey),
    customHeaders: maskHeaders(customHeaders),
  }));
  return <WebhooksPageClient webhooks={webhooks} deliveries={deliveries} selectedWebhookId={webhookId} formOpen={query[CREATE_PARAMETER] !== undefined} />;
};

export default Page;
