import Link from "next/link";
import { getConfig } from "@/lib/platform/config";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata = { title: "Forgot password" };
export const dynamic = "force-dynamic";

const ForgotPasswordPage = () => (
  <main className="login-screen">
    <div className="login-card">
      <div className="brand">
        <span className="brand-mark" aria-hidden>
          ◆
        </span>{" "}
        Fleet Telematics
      </div>
      <h1>Forgot password</h1>
      {getConfig().SMTP_URL ? (
        <ForgotPasswordForm />
      ) : (
        <p>This service does not send mail. Ask an admin of your company to send you a password reset link from Settings → Users.</p>
      )}
      <Link href="/login">Back to sign-in</Link>
    </div>
  </main>
);

export default ForgotPasswordPage;
