import { Link } from "@/components/ui/link";
import { AuthCard } from "@/components/account/auth-card";
import { getConfig } from "@/lib/platform/config";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata = { title: "Forgot password" };
export const dynamic = "force-dynamic";

const ForgotPasswordPage = () => (
  <AuthCard title="Forgot password">
    {getConfig().SMTP_URL ? (
      <ForgotPasswordForm />
    ) : (
      <p>This service does not send mail. Ask an admin of your company to send you a password reset link from Settings → Users.</p>
    )}
    <Link href="/login">Back to sign-in</Link>
  </AuthCard>
);

export default ForgotPasswordPage;
