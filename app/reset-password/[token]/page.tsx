import { forbidden, notFound } from "next/navigation";
import { isAppError } from "@/lib/platform/errors";
import { findUsableLink } from "@/lib/access/users/user-links";
import { SetPasswordForm } from "@/components/account/set-password-form";
import { resetPasswordAction } from "./actions";

export const metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

/** Opens a reset link: 404 for a forged link, 403 for a used or expired one, else the new-password form. */
const ResetPasswordPage = async ({ params }: { params: Promise<{ token: string }> }) => {
  const { token } = await params;
  await findUsableLink({ token, purpose: "password_reset" }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    if (isAppError(error) && error.code === "forbidden") forbidden();
    throw error;
  });
  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>{" "}
          Fleet Telematics
        </div>
        <h1>Choose a new password</h1>
        <p className="muted">Every other session of yours will be signed out.</p>
        <SetPasswordForm askName={false} submitLabel="Save and sign in" action={resetPasswordAction.bind(null, token)} />
      </div>
    </main>
  );
};

export default ResetPasswordPage;
