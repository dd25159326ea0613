import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/auth/role-policy";
import { listApiKeyEvents } from "@/lib/api-keys/list-api-key-events";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { ApiKeysPageClient } from "./page-client";

export const metadata = { title: "API keys" };

const Page = async () => {
  const user = await requireUser(SECTIONS.apiKeys.roles);
  const [keys, events] = await Promise.all([listApiKeys({ companyId: user.companyId }), listApiKeyEvents({ companyId: user.companyId })]);
  return <ApiKeysPageClient keys={keys} events={events} />;
};

export default Page;
