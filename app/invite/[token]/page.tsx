import { forbidden, notFound } from "next/navigation";
import { isAppError } from "@/lib/platform/errors";
import { openInvite } from "@/lib/access/users/open-invite";
import { SetPasswordForm } from "@/components/account/set-password-form";
import { acceptInviteAction } from "./actions";

export const metadata = { title: "Accept invite" };
export const dynamic = "force-dynamic";

/** Opens an invite: 404 for a forged link, 403 for a used or expired one, else the name-and-password form. */
const InvitePage = async ({ params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  const invited = await openInvite({ token }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    if (isAppError(error) && error.code === "forbidden") forbidden();
    throw error;
  });
  const accept = acceptInviteAction.bind(null, token);
  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          Fleet Telematics
        </div>
        <h1>Join {invited.companyName}</h1>
        <p className="muted">
          You sign in as <strong className="wrap-anywhere">{invited.email}</strong>. Choose your name and a password.
        </p>
        <SetPasswordForm askName defaultName={invited.name === invited.email ? "" : invited.name} submitLabel="Join and sign in" action={accept} />
      </div>
    </main>
  );
};

export default InvitePage;
