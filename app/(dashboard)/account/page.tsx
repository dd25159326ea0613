import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/auth/role-policy";
import { getAccount } from "@/lib/users/get-account";
import { AccountPageClient } from "./page-client";

export const metadata = { title: "Account" };

const Page = async () => {
  const user = await requireUser(SECTIONS.account.roles);
  const account = await getAccount({ companyId: user.companyId, userId: user.id });
  return <AccountPageClient account={{ ...account, companyName: user.companyName, lastSignInAt: account.lastSignInAt?.toISOString() ?? null }} />;
};

export default Page;
