import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getAccount } from "@/lib/access/users/get-account";
import { signOutEverywhereAction } from "./actions";
import { AccountPageClient } from "./page-client";

export const metadata = { title: "Account" };

const Page = async () => {
  const user = await requireUser(SECTIONS.account.roles);
  const account = await getAccount({ companyId: user.companyId, userId: user.id });
  return (
    <>
      <AccountPageClient account={{ ...account, companyName: user.companyName, lastSignInAt: account.lastSignInAt?.toISOString() ?? null }} />
      <form className="form form-panel" action={signOutEverywhereAction} aria-label="Sign out everywhere">
        <h2>Sign out everywhere</h2>
        <p className="muted">Ends every session of yours on every device, and every admin API token issued to you, this session too.</p>
        <div className="form-actions">
          <button type="submit" className="button-danger">
            Sign out everywhere
          </button>
        </div>
      </form>
    </>
  );
};

export default Page;
