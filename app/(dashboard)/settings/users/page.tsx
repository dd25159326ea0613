import { CREATE_PARAMETER } from "@/components/ui/form-opener";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getConfig } from "@/lib/platform/config";
import { listUsers } from "@/lib/access/users/list-users";
import { UsersPageClient, type ListedUser } from "./page-client";

export const metadata = { title: "Users" };

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.users.roles);
  const rows = await listUsers({ db: getDb(), companyId: user.companyId });
  const users: ListedUser[] = rows.map(({ id, name, email, role, status, lastSignInAt }) => ({
    id,
    name,
    email,
    role,
    status,
    lastSignInAt: lastSignInAt?.toISOString() ?? null,
  }));
  return (
    <UsersPageClient users={users} currentUserId={user.id} mailConfigured={Boolean(getConfig().SMTP_URL)} formOpen={CREATE_PARAMETER in (await searchParams)} />
  );
};

export default Page;
