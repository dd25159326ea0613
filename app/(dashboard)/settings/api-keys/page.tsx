import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { listAuditEvents } from "@/lib/platform/audit";
import { getDb } from "@/db/client";
import { CREATE_PARAMETER } from "@/components/ui/form-opener";
import { ApiKeysPageClient } from "./page-client";

export const metadata = { title: "API keys" };

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.apiKeys.roles);
  const [keys, trail] = await Promise.all([
    listApiKeys({ companyId: user.companyId }),
    listAuditEvents({ db: getDb(), companyId: user.companyId, filters: { targetType: "api_key" }, limit: 50 }),
  ]);
  return <ApiKeysPageClient keys={keys} events={trail.events} formOpen={CREATE_PARAMETER in (await searchParams)} />;
};

export default Page;
