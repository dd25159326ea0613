import { pageRecord } from "@/app/_server/page-record";
import { openInvite } from "@/lib/access/users/open-invite";
import { SetPasswordForm } from "@/components/account/set-password-form";
import { AuthCard } from "@/components/account/auth-card";
import { acceptInviteAction } from "./actions";

export const metadata = { title: "Accept invite" };
export const dynamic = "force-dynamic";

/** Opens an invite: 404 for a forged link, 403 for a used or expired one, else the name-and-password form. */
const InvitePage = async ({ params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  const invited = await pageRecord(openInvite({ token }));
  const accept = acceptInviteAction.bind(null, token);
  return (
    <AuthCard title={`Join ${invited.companyName}`}>
      <p className="muted">
        You sign in as <strong className="wrap-anywhere">{invited.email}</strong>. Choose your name and a password.
      </p>
      <SetPasswordForm askName defaultName={invited.name === invited.email ? "" : invited.name} submitLabel="Join and sign in" action={accept} />
    </AuthCard>
  );
};

export default InvitePage;
