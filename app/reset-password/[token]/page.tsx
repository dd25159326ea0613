import { pageRecord } from "@/app/_server/page-record";
import { findUsableLink } from "@/lib/access/users/user-links";
import { SetPasswordForm } from "@/components/account/set-password-form";
import { AuthCard } from "@/components/account/auth-card";
import { resetPasswordAction } from "./actions";

export const metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

/** Opens a reset link: 404 for a forged link, 403 for a used or expired one, else the new-password form. */
const ResetPasswordPage = async ({ params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  await pageRecord(findUsableLink({ token, purpose: "password_reset" }));
  return (
    <AuthCard title="Choose a new password">
      <p className="muted">Every other session of yours will be signed out.</p>
      <SetPasswordForm askName={false} submitLabel="Save and sign in" action={resetPasswordAction.bind(null, token)} />
    </AuthCard>
  );
};

export default ResetPasswordPage;
